/**
 * The address of a banner's image for a reader: the server draws its built-in art (modules/system/system.art.ts)'s words in the
 * language asked (`/assets-brand/…?lang=`), since an <img> request carries the browser's language,
 * not the site's. Any other image (an operator's upload, another host) is left as it is.
 */
export function bannerImageUrl(url: string, language: string): string {
  if (!url.startsWith('/assets-brand/') || url.includes('?')) return url;
  return `${url}?lang=${encodeURIComponent(language)}`;
}
