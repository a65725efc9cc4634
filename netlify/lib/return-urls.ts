/**
 * Where Stripe may send the seller back to. Only our own site: a success, cancel or portal
 * return URL on another origin would turn Stripe into an open redirect. Our site is what Netlify
 * says it is (URL, the main address; DEPLOY_PRIME_URL, a branch or preview deploy; locally the
 * stack sets URL to the app server), never what the request claims in its Origin header.
 */
export function siteOrigins(): string[] {
  const origins: string[] = [];
  for (const candidate of [process.env.URL, process.env.DEPLOY_PRIME_URL]) {
    if (!candidate) continue;
    try {
      const origin = new URL(candidate).origin;
      if (!origins.includes(origin)) origins.push(origin);
    } catch {
      // not a URL: ignored
    }
  }
  return origins;
}

/** The URL if it is an absolute http(s) URL on one of our origins, else null. */
export function ownUrl(value: unknown): string | null {
  if (typeof value !== 'string' || value.length > 2000) return null;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return null;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
  return siteOrigins().includes(url.origin) ? value : null;
}

/**
 * The subscription settings tab on our site, the default place to come back to; null when the
 * site's address is not configured (then there is nowhere safe to send the seller).
 */
export function settingsUrl(query = ''): string | null {
  const origin = siteOrigins()[0];
  return origin ? `${origin}/dashboard/settings?tab=subscription${query}` : null;
}
