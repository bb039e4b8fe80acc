/// The words generated people are made of: plausible names, places and the API's countries.
enum Vocabulary {
    static let femaleNames = [
        "Ada", "Amelia", "Ana", "Åsa", "Beatriz", "Chloe", "Clara", "Daniela", "Eliza", "Emma", "Freya", "Hannah",
        "Ines", "Isabel", "Jin", "Julia", "Katja", "Laura", "Léa", "Lina", "Maja", "Marta", "Mia", "Nora", "Olivia",
        "Paula", "Rosa", "Sara", "Sofia", "Sun", "Tara", "Vera", "Yui", "Zoë",
    ]
    static let maleNames = [
        "Adam", "Aarav", "Bruno", "Carlos", "Daniel", "David", "Elias", "Emil", "Felix", "Hugo", "Ivan", "Jakob",
        "Jonas", "Kai", "Leo", "Liam", "Luca", "Mateo", "Minho", "Noah", "Oliver", "Oskar", "Pablo", "Rafael",
        "Samuel", "Şükrü", "Theo", "Tomás", "Victor", "William", "Yusuf", "Zeno",
    ]
    static let lastNames = [
        "Andersen", "Bakker", "Barbosa", "Becker", "Brown", "Castillo", "Chen", "Costa", "Dubois", "Eriksen",
        "Fischer", "García", "Gonzalez", "Hansen", "Hoffmann", "Ivanova", "Jensen", "Kaya", "Kim", "Kowalski",
        "Larsen", "Lee", "Martin", "Meyer", "Moreau", "Müller", "Nguyen", "Nielsen", "O'Brien", "Park", "Patel",
        "Pereira", "Petrović", "Quinn", "Rossi", "Santos", "Schmidt", "Silva", "Smith", "Suzuki", "Taylor",
        "Tremblay", "Virtanen", "Wagner", "Walker", "Wilson", "Yamamoto", "Yilmaz", "Young", "Zimmermann",
    ]
    static let countries: [(code: String, name: String, cities: [String])] = [
        ("AU", "Australia", ["Sydney", "Perth"]), ("BR", "Brazil", ["Recife", "Curitiba"]),
        ("CA", "Canada", ["Halifax", "Victoria"]), ("CH", "Switzerland", ["Basel", "Bern"]),
        ("DE", "Germany", ["Leipzig", "Bremen"]), ("DK", "Denmark", ["Aarhus", "Odense"]),
        ("ES", "Spain", ["Valencia", "Bilbao"]), ("FI", "Finland", ["Tampere", "Oulu"]),
        ("FR", "France", ["Lyon", "Nantes"]), ("GB", "United Kingdom", ["Leeds", "Bristol"]),
        ("IE", "Ireland", ["Cork", "Galway"]), ("IN", "India", ["Pune", "Jaipur"]),
        ("KR", "South Korea", ["Busan", "Daegu"]), ("MX", "Mexico", ["Puebla", "Mérida"]),
        ("NL", "Netherlands", ["Utrecht", "Delft"]), ("NO", "Norway", ["Bergen", "Tromsø"]),
        ("NZ", "New Zealand", ["Napier", "Nelson"]), ("RS", "Serbia", ["Niš", "Novi Sad"]),
        ("TR", "Turkey", ["İzmir", "Bursa"]), ("UA", "Ukraine", ["Lviv", "Odesa"]),
        ("US", "United States", ["Denver", "Austin"]),
    ]
    static let streets = ["Main Street", "Oak Avenue", "Station Road", "Rue de la Paix", "Hauptstraße", "Calle Mayor"]
    static let usernameWords = ["blue", "tiny", "happy", "lazy", "silver", "brave", "quiet", "red"]
    static let usernameAnimals = ["bird", "fox", "panda", "koala", "wolf", "otter", "tiger", "swan"]
}
