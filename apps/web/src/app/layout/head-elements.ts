/**
 * The page's <head> has one title, one page icon, one description and one canonical link or
 * robots noindex. React renders them (React 19 puts a `<title>`, `<meta>` or `<link>` rendered
 * anywhere into <head>). The server wrote the first page's own into the HTML, for crawlers and
 * the first paint, and React, rendering with createRoot, never takes those over: it adds its own.
 * So each of React's elements has this ref, which React calls in the commit that adds the element
 * to <head>: every other element `selector` finds there is removed then, and no frame shows two
 * of a kind.
 */
export function soleInHead(selector: string) {
  return (own: Element | null) => {
    if (!own) return;
    for (const element of document.head.querySelectorAll(selector)) {
      if (element !== own) element.remove();
    }
  };
}
