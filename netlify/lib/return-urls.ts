/**
 * Where Stripe may send the seller back to. Only our own site: a success or cancel URL on another
 * origin would turn checkout into an open redirect. Our site is the deploy's URL (Netlify sets
 * URL) or the origin the browser says it is on (the Vite dev server proxies to the functions).
 */
export function siteOrigins(req: Request): Set<string> {
  const origins = new Set<string>();
  for (const candidate of [
    process.env.URL,
    process.env.DEPLOY_PRIME_URL,
    req.headers.get('origin'),
  ]) {
    if (!candidate) continue;
    try {
      origins.add(new URL(candidate).origin);
    } catch {
      // not a URL: ignored
    }
  }
  return origins;
}

/** The URL if it is an absolute http(s) URL on one of our origins, else null. */
export function ownUrl(value: unknown, req: Request): string | null {
  if (typeof value !== 'string' || value.length > 2000) return null;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return null;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
  return siteOrigins(req).has(url.origin) ? value : null;
}

/** The subscription settings tab on our site, the default place to come back to. */
export function settingsUrl(req: Request, query = ''): string {
  const origin = [...siteOrigins(req)][0] ?? new URL(req.url).origin;
  return `${origin}/dashboard/settings?tab=subscription${query}`;
}
