#!/usr/bin/env python3
"""What the list's tables cost in SQLite itself, without the app: the figures behind two choices
of PersonsWorker/List (BENCHMARKS.md). Python's sqlite3 links the same SQLite the app does here.

    python3 Benchmarks/Scripts/list-tables.py [--people 1000000]

1. Keeping the search table (FTS5) and the counts in step with the people, 100,000 people
   written in pages of 5,000: by triggers on each row, or by one statement per page after its
   people (what ListTables does), against the people and their indexes alone.
2. With N people stored: a search's first page listed in name order (every match sorted) or in
   stored order (FTS5's own), and a keyset page against a numbered one in the middle.
"""
import os, random, sqlite3, sys, tempfile, time

PEOPLE = int(sys.argv[sys.argv.index("--people") + 1]) if "--people" in sys.argv else 1_000_000
FIRST = ["Ada", "Adam", "Amelia", "Ana", "Beatriz", "Bruno", "Carlos", "Chloe", "Clara", "Daniel", "David",
         "Elias", "Emma", "Felix", "Freya", "Hannah", "Hugo", "Ines", "Ivan", "Julia", "Kai", "Laura", "Léa",
         "Leo", "Liam", "Lina", "Mia", "Noah", "Nora", "Oliver", "Paula", "Rosa", "Sara", "Theo", "Zeno", "Zoë"]
LAST = ["Andersen", "Bakker", "Becker", "Brown", "Chen", "Costa", "Dubois", "Fischer", "García", "Hansen",
        "Kim", "Lee", "Martin", "Müller", "Nguyen", "Park", "Patel", "Rossi", "Silva", "Smith", "Wilson", "Young"]
REGIONS = "AU BR CA CH DE DK ES FI FR GB IE IN KR MX NL NO NZ RS TR UA US".split()
PEOPLE_SQL = """CREATE TABLE person(seq INTEGER PRIMARY KEY, id TEXT NOT NULL UNIQUE, name TEXT NOT NULL COLLATE NOCASE,
    username TEXT NOT NULL, gender TEXT NOT NULL, country TEXT NOT NULL);
    CREATE INDEX person_by_name_id ON person(name, id); CREATE INDEX person_by_country_name_id ON person(country, name, id);
    CREATE INDEX person_by_gender_name_id ON person(gender, name, id);
    CREATE INDEX person_by_gender_country_name_id ON person(gender, country, name, id);"""
SEARCH_SQL = """CREATE VIRTUAL TABLE person_search USING fts5(name, username, country, gender, content='person',
    content_rowid='seq', prefix='1 2 3', detail=column, tokenize='unicode61 remove_diacritics 2');
    CREATE TABLE person_count(country TEXT, gender TEXT, count INTEGER, PRIMARY KEY(country, gender)) WITHOUT ROWID;"""
TRIGGERS_SQL = """CREATE TRIGGER s AFTER INSERT ON person BEGIN
    INSERT INTO person_search(rowid, name, username, country, gender) VALUES (new.seq, new.name, new.username, new.country, new.gender); END;
    CREATE TRIGGER c AFTER INSERT ON person BEGIN INSERT INTO person_count VALUES (new.country, new.gender, 1)
    ON CONFLICT (country, gender) DO UPDATE SET count = count + 1; END;"""


def people(count, seed):
    rng = random.Random(seed)
    return [(f"id-{i:07d}", f"{rng.choice(FIRST)} {rng.choice(LAST)}", f"{rng.choice(['blue', 'red', 'tiny'])}fox{rng.randint(1, 999)}",
             rng.choice(["female", "male"]), rng.choice(REGIONS)) for i in range(count)]


def database(schema):
    path = os.path.join(tempfile.mkdtemp(), "list.sqlite")
    db = sqlite3.connect(path, isolation_level=None)
    db.execute("PRAGMA journal_mode = WAL")
    db.executescript(schema)
    return db


def write(db, rows, per_page=None):
    started = time.perf_counter()
    for start in range(0, len(rows), 5_000):
        db.execute("BEGIN")
        last = db.execute("SELECT coalesce(max(seq), 0) FROM person").fetchone()[0]
        db.executemany("INSERT INTO person (id, name, username, gender, country) VALUES (?, ?, ?, ?, ?)", rows[start:start + 5_000])
        if per_page:
            per_page(db, last)
        db.execute("COMMIT")
    return time.perf_counter() - started


def by_page(db, last):
    db.execute("INSERT INTO person_search(rowid, name, username, country, gender) SELECT seq, name, username, country, gender FROM person WHERE seq > ?", (last,))
    db.execute("""INSERT INTO person_count SELECT country, gender, count(*) FROM person WHERE seq > ? GROUP BY country, gender
        ON CONFLICT (country, gender) DO UPDATE SET count = count + excluded.count""", (last,))


def best(db, sql, arguments=(), runs=5):
    times = []
    for _ in range(runs):
        started = time.perf_counter()
        db.execute(sql, arguments).fetchall()
        times.append(time.perf_counter() - started)
    return min(times) * 1_000


rows = people(100_000, 1)
alone = write(database(PEOPLE_SQL), rows)
triggers = write(database(PEOPLE_SQL + SEARCH_SQL + TRIGGERS_SQL), rows)
pages = write(database(PEOPLE_SQL + SEARCH_SQL), rows, by_page)
print("## Writing 100,000 people in pages of 5,000 (seconds)\n")
print("| what is written | seconds |\n|---|---:|")
print(f"| the people and their indexes alone | {alone:.2f} |")
print(f"| and the search and counts, by triggers on each row | {triggers:.2f} ({triggers / alone:.2f}x) |")
print(f"| and the search and counts, one statement per page (ListTables) | {pages:.2f} ({pages / alone:.2f}x) |")

db = database(PEOPLE_SQL + SEARCH_SQL)
write(db, people(PEOPLE, 2), by_page)
print(f"\n## Reading with {PEOPLE:,} people (milliseconds, best of 5)\n")
print("| read | ms | the other way | ms |\n|---|---:|---|---:|")
for search in ['"ad"*', '"zeno"*', '"a"*']:
    matches = db.execute("SELECT count(*) FROM person_search WHERE person_search MATCH ?", (search,)).fetchone()[0]
    sorted_page = best(db, """SELECT id, name FROM person WHERE seq IN (SELECT rowid FROM person_search WHERE person_search MATCH ?)
        ORDER BY name, id LIMIT 100""", (search,))
    stored_page = best(db, """SELECT id, name FROM person WHERE seq IN (SELECT rowid FROM person_search WHERE person_search MATCH ?
        ORDER BY rowid LIMIT 100) ORDER BY name, id""", (search,))
    print(f"| {search} ({matches:,} matches): first page in name order | {sorted_page:.2f} | in stored order | {stored_page:.2f} |")
middle = best(db, "SELECT id, name FROM person ORDER BY name, id LIMIT 100 OFFSET ?", (PEOPLE // 2,), 2)
keyset = best(db, "SELECT id, name FROM person WHERE (name, id) > ('M', '') ORDER BY name, id LIMIT 100")
print(f"| the middle page by number (OFFSET {PEOPLE // 2:,}) | {middle:.2f} | by key | {keyset:.2f} |")
