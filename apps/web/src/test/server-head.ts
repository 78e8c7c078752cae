import type { BootData } from '@contrail/contracts/site';

interface ServerHead {
  title: string;
  description: string;
  /** The canonical link's URL; without one, the page says noindex. */
  canonical?: string;
  robots?: 'noindex';
  icon: string;
  boot: BootData;
}

/**
 * Writes into the document's head what the API writes into a page's HTML before it is served
 * (apps/api/src/web/render-page.ts): title, description, canonical link or robots, icon and boot
 * data.
 */
export function writeServerHead({ title, description, canonical, robots, icon, boot }: ServerHead) {
  document.head.querySelectorAll('title').forEach((element) => {
    element.remove();
  });
  const add = (tag: string, attributes: Record<string, string>, text?: string) => {
    const element = document.createElement(tag);
    for (const [name, value] of Object.entries(attributes)) element.setAttribute(name, value);
    if (text !== undefined) element.textContent = text;
    document.head.append(element);
  };
  add('title', {}, title);
  add('link', { rel: 'icon', href: icon });
  add('script', { id: 'boot-data', type: 'application/json' }, JSON.stringify(boot));
  add('meta', { name: 'description', content: description });
  if (canonical !== undefined) add('link', { rel: 'canonical', href: canonical });
  if (robots !== undefined) add('meta', { name: 'robots', content: robots });
}

/** How many of each head element the document holds: the app's, never beside the server's. */
export function headCounts() {
  const count = (selector: string) => document.querySelectorAll(selector).length;
  return {
    title: count('head > title'),
    description: count('meta[name="description"]'),
    canonical: count('link[rel="canonical"]'),
    robots: count('meta[name="robots"]'),
    icon: count('link[rel="icon"]'),
  };
}
