// POST /api/requests/{requestId}/photos – the homeowner adds one photo (multipart, field "photo") until the job is done; 201 {"photo"}
// GET  /api/requests/{requestId}/photos – the request's photos (no bytes) for its homeowner, the handyman holding it and operators
import { requestPhotoHandlers } from "@/lib/photos/http";

const handlers = requestPhotoHandlers("request");
export const GET = handlers.GET;
export const POST = handlers.POST;
