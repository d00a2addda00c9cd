/**
 * Conversations, one model with two kinds, each answering at the address people and links already use:
 * /api/messages for a guest and a listing's host side, /api/manager-threads for an owner and their manager, and
 * GET /api/properties/{id}/host-response for how the host answers guests.
 */
export { guestHostRoutes, hostResponseRoutes } from "./guest-host";
export { ownerManagerRoutes } from "./owner-manager";
