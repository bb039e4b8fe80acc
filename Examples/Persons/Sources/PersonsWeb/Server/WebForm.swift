import Hummingbird

/// Reads a posted form: anything that is not the form a route expects (bad percent-encoding,
/// repeated or missing fields, numbers out of range) is a 400 page, never a 500; a form that
/// checks its own fields (`SearchForm`) says what is wrong.
enum WebForm {
    static func decode<Form: Decodable>(
        _ type: Form.Type, from request: Request, context: WebContext
    ) async throws -> Form {
        do {
            return try await request.decode(as: Form.self, context: context)
        } catch let error as PageError {
            // A form's own check, which says what is wrong.
            throw error
        } catch let error as any HTTPResponseError where error.status != .badRequest {
            throw error
        } catch {
            context.logger.debug("unreadable form for \(request.uri.path): \(error)")
            throw PageError.badRequest
        }
    }
}
