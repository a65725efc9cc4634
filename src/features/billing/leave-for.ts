/**
 * Leaves the app for a Stripe page (Checkout, the billing portal). One function so tests can
 * replace the navigation, which jsdom cannot perform.
 */
export function leaveFor(url: string): void {
  window.location.assign(url);
}
