import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { hostResponseRoutes } from "../conversations";
import { propertyReviewsRoutes } from "../reviews";
import listingAvailabilityRoutes from "./availability";
import propertyCalendarRoutes from "./calendar";
import calendarSyncRoutes from "./calendar-sync";
import { certificateVaultRoutes, listingCertificateRoutes } from "./certificates";
import { instantBookOfferRoutes, instantBookSettingsRoutes } from "./instant-book";
import landlordPropertiesRoutes from "./landlord";
import propertyManagementRoutes from "./management";
import mapPinsRoutes from "./map";
import myPropertiesRoutes from "./my-properties";
import pricingRulesRoutes from "./pricing-rules";
import publicPropertiesRoutes from "./public";
import savedPropertiesRoutes from "./saved";

/**
 * /api/properties: everything about a listing, one concern per plugin, each with its own guard and audience (the
 * public search knows no session; the landlord's, manager's and guest's concerns carry their own gates). The
 * router prefers a static segment to /:id whatever the order, but they are registered in this order, so the API
 * reference lists them so.
 */
const propertyRoutes: FastifyPluginAsyncZod = async (app) => {
  // Its guard stays inside the plugin; the static /saved wins over the public /:id in either order.
  await app.register(savedPropertiesRoutes);
  // Landlord gate inside; the static /my-properties wins over /:id like /saved.
  await app.register(myPropertiesRoutes);
  await app.register(publicPropertiesRoutes);
  // GET /map: the browse map's pins (the static segment wins over /:id).
  await app.register(mapPinsRoutes);
  // GET /:id/availability: the public calendar of free nights and their prices.
  await app.register(listingAvailabilityRoutes);
  // The landlord's calendar and pricing rules: each plugin carries the landlord gate for its own routes.
  await app.register(propertyCalendarRoutes);
  await app.register(pricingRulesRoutes);
  // Instant book: whether a booking is confirmed at once (open to all), and its switch (landlord gate inside).
  await app.register(instantBookOfferRoutes);
  await app.register(instantBookSettingsRoutes);
  // Calendar sync: the listing's feed address and the feeds it imports (landlord gate inside).
  await app.register(calendarSyncRoutes);
  // Create and edit listings and their photos (landlord gate inside; multipart only for these routes).
  await app.register(landlordPropertiesRoutes);
  // Who manages a property (/:id/manager, its own path beside /:id) and a manager's properties (the static
  // /managed wins over /:id like /my-properties); the gate is inside.
  await app.register(propertyManagementRoutes);
  // GET /api/properties/:id/reviews lives with the reviews; /:id/reviews is its own path beside /:id.
  await app.register(propertyReviewsRoutes);
  // GET /api/properties/:id/host-response: how the host answers enquiries, shown on the listing.
  await app.register(hostResponseRoutes);
  // The certificate vault (owner and manager, gate inside) and what the listing shows guests of it.
  await app.register(certificateVaultRoutes);
  await app.register(listingCertificateRoutes);
};

export default propertyRoutes;
