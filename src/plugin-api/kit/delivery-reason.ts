/** Why a delivery type has no built-in handler: delivery belongs to the consumer that delivers. */
export const DELIVERY_REASON =
  'it configures delivery, which launcher leaves to the consumer that delivers the application; a consumer that delivers through Flux registers its own handler';
