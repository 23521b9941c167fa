/**
 * The site's public address, from which its canonical and `hreflang` links are made absolute (search engines ignore
 * relative ones). Read at build time from PUBLIC_SITE_URL; by default the service's own domain, the one its problem
 * types and feed UIDs already name. Only the origin and path prefix are kept, without a trailing slash.
 */
import { SERVICE_DOMAIN } from "swedish-calendar/core";

export const PUBLIC_SITE_URL_ENV = "PUBLIC_SITE_URL";
export const DEFAULT_PUBLIC_SITE_URL = `https://${SERVICE_DOMAIN}`;

/** The configured public address (PUBLIC_SITE_URL, else the default); an unreadable value fails the build. */
export function publicSiteUrl(env: Record<string, string | undefined> = process.env): string {
  const raw = env[PUBLIC_SITE_URL_ENV]?.trim() || DEFAULT_PUBLIC_SITE_URL;
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new Error(`${PUBLIC_SITE_URL_ENV}=${raw} is not an absolute URL (e.g. ${DEFAULT_PUBLIC_SITE_URL})`);
  }
  if (url.protocol !== "https:" && url.protocol !== "http:")
    throw new Error(`${PUBLIC_SITE_URL_ENV} must be an http(s) URL, not ${raw}`);
  return (url.origin + url.pathname).replace(/\/+$/, "");
}

/** A site path (`/en/api/`) as an absolute URL on the public address. */
export function absoluteUrl(path: string, base = publicSiteUrl()): string {
  return base + path;
}
