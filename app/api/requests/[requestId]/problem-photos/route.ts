// POST /api/requests/{requestId}/problem-photos – the homeowner adds one photo (multipart, field "photo") to their open problem report; 201 {"photo"}
// GET  /api/requests/{requestId}/problem-photos – the reported problem's photos (no bytes) for the homeowner, the handyman holding the job and operators
import { requestPhotoHandlers } from "@/lib/photos/http";

const handlers = requestPhotoHandlers("problem");
export const GET = handlers.GET;
export const POST = handlers.POST;
