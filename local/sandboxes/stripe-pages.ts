/**
 * The sandbox's stand-ins for Stripe's hosted pages: Checkout and the customer portal. Plain
 * server-rendered HTML with forms, so they work in any browser and in Playwright without
 * JavaScript. They say plainly that they are a local sandbox and no money moves.
 */

export function escapeHtml(text: string): string {
  return text
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#39;');
}

const STYLE = `
  body { font-family: system-ui, sans-serif; background: #f6f9fc; color: #1a1f36; margin: 0; }
  main { max-width: 28rem; margin: 3rem auto; background: #fff; border-radius: 12px;
         box-shadow: 0 2px 12px rgba(0,0,0,.08); padding: 2rem; }
  .sandbox { background: #fff4d6; color: #6b4d00; border-radius: 6px; padding: .5rem .75rem;
             font-size: .85rem; margin-bottom: 1.5rem; }
  h1 { font-size: 1.3rem; margin: 0 0 .25rem; }
  .amount { font-size: 2rem; font-weight: 700; margin: .5rem 0 1.5rem; }
  .error { background: #fde8e8; color: #9b1c1c; border-radius: 6px; padding: .5rem .75rem; }
  .ok { background: #e3f8ec; color: #0b5d2a; border-radius: 6px; padding: .5rem .75rem; }
  button { display: block; width: 100%; padding: .8rem; margin-top: .75rem; border: 0;
           border-radius: 6px; font-size: 1rem; cursor: pointer; background: #635bff; color: #fff; }
  button.secondary { background: #e3e8ee; color: #1a1f36; }
  a { color: #635bff; }
  dl { display: grid; grid-template-columns: auto 1fr; gap: .35rem 1rem; }
  dt { color: #697386; }
`;

export function page(title: string, body: string): string {
  return `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title><link rel="icon" href="data:,"><style>${STYLE}</style></head>
<body><main>
<p class="sandbox" role="note">Stripe sandbox (local): no real card is charged.</p>
${body}
</main></body></html>`;
}

export function money(amount: number, currency: string): string {
  return new Intl.NumberFormat('en-US', {
    style: 'currency',
    currency: currency.toUpperCase(),
  }).format(amount / 100);
}

export interface CheckoutView {
  id: string;
  productName: string;
  amount: number;
  currency: string;
  email: string | null;
  status: string;
  cancelUrl: string | null;
  error?: string;
}

export function checkoutPage(view: CheckoutView): string {
  const open = view.status === 'open';
  return page(
    `Subscribe to ${view.productName}`,
    `<h1 data-testid="sandbox-checkout-product">Subscribe to ${escapeHtml(view.productName)}</h1>
<p class="amount" data-testid="sandbox-checkout-amount">${money(view.amount, view.currency)} <small>per month</small></p>
${view.email ? `<p>Billed to <strong>${escapeHtml(view.email)}</strong></p>` : ''}
${view.error ? `<p class="error" role="alert" data-testid="sandbox-checkout-error">${escapeHtml(view.error)}</p>` : ''}
${
  open
    ? `<form method="post" action="/c/pay/${escapeHtml(view.id)}/complete">
  <input type="hidden" name="outcome" value="paid">
  <button type="submit" data-testid="sandbox-checkout-pay">Pay and subscribe</button>
</form>
<form method="post" action="/c/pay/${escapeHtml(view.id)}/complete">
  <input type="hidden" name="outcome" value="declined">
  <button type="submit" class="secondary" data-testid="sandbox-checkout-decline">Pay with a card that is declined</button>
</form>`
    : `<p class="error" role="alert">This checkout session is ${escapeHtml(view.status)}.</p>`
}
${view.cancelUrl ? `<p><a href="${escapeHtml(view.cancelUrl)}" data-testid="sandbox-checkout-back">← Back without paying</a></p>` : ''}`,
  );
}

export interface PortalView {
  id: string;
  email: string | null;
  plan: string | null;
  status: string | null;
  periodEnd: number | null;
  cancelAtPeriodEnd: boolean;
  openInvoices: Array<{ id: string; amount: number; currency: string }>;
  card: 'ok' | 'decline';
  returnUrl: string | null;
  notice?: string;
}

export function portalPage(view: PortalView): string {
  const date = (s: number) => new Date(s * 1000).toISOString().slice(0, 10);
  const invoices = view.openInvoices
    .map((i) => `<li>${escapeHtml(i.id)}: ${money(i.amount, i.currency)} unpaid</li>`)
    .join('');
  return page(
    'Billing',
    `<h1>Billing</h1>
${view.notice ? `<p class="ok" role="status" data-testid="sandbox-portal-notice">${escapeHtml(view.notice)}</p>` : ''}
<dl>
  <dt>Account</dt><dd>${escapeHtml(view.email ?? '—')}</dd>
  <dt>Plan</dt><dd data-testid="sandbox-portal-plan">${escapeHtml(view.plan ?? 'No subscription')}</dd>
  <dt>Status</dt><dd data-testid="sandbox-portal-status">${escapeHtml(view.status ?? '—')}</dd>
  ${view.periodEnd ? `<dt>${view.cancelAtPeriodEnd ? 'Ends' : 'Renews'}</dt><dd>${date(view.periodEnd)}</dd>` : ''}
  <dt>Card</dt><dd data-testid="sandbox-portal-card">${view.card === 'ok' ? 'Visa •••• 4242' : 'Visa •••• 0002 (declines)'}</dd>
</dl>
${invoices ? `<p>Open invoices:</p><ul>${invoices}</ul>` : ''}
<form method="post" action="/p/session/${escapeHtml(view.id)}/card">
  <input type="hidden" name="card" value="ok">
  <button type="submit" data-testid="sandbox-portal-update-card">Update card (and pay what is due)</button>
</form>
<form method="post" action="/p/session/${escapeHtml(view.id)}/card">
  <input type="hidden" name="card" value="decline">
  <button type="submit" class="secondary">Switch to a card that declines</button>
</form>
${view.returnUrl ? `<p><a href="${escapeHtml(view.returnUrl)}" data-testid="sandbox-portal-return">← Return to Stockroom</a></p>` : ''}`,
  );
}
