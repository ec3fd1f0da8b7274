/**
 * The address of a banner's image for a reader: the server draws its built-in art (modules/system/system.art.ts)'s words in the
 * language asked (`/assets-brand/…?lang=`), since an <img> request carries the browser's language,
 * not the site's. Any other image (an operator's upload, another host) is left as it is.
 */
export function bannerImageUrl(url: string, language: string): string {
  if (!url.startsWith('/assets-brand/') || url.includes('?')) return url;
  return `${url}?lang=${encodeURIComponent(language)}`;
}

/** What a banner shows a reader: an image (address ready for an <img>) or, without one, its words. */
export interface BannerArt {
  image: string | null;
  text: string;
}

interface BannerContent {
  url: string | null;
  images?: Record<string, string>;
  title?: Record<string, string>;
}

/**
 * A banner in the reader's language: its image for that language, else its every-language art, else
 * its image in the merchant's default language; its words the same way (the reader's language, the
 * default, then any). Without any image the slide shows its words.
 */
export function bannerArt(banner: BannerContent, language: string, defaultLanguage: string): BannerArt {
  const images = banner.images ?? {};
  const titles = banner.title ?? {};
  const image = images[language] || banner.url || images[defaultLanguage] || null;
  const text = titles[language] || titles[defaultLanguage] || Object.values(titles).find(Boolean) || '';
  return { image: image ? bannerImageUrl(image, language) : null, text };
}
