// Inserts an engine-drawn chart SVG safely: parsed as XML with DOMParser, checked
// to be an <svg> root, stripped of scripts, foreign content, event handlers and
// external links, then imported into the page with importNode. Never innerHTML.

const DROP_ELEMENTS = new Set(["script", "foreignobject", "iframe", "object", "embed", "use", "image", "feimage", "a", "style", "animate", "animatemotion", "animatetransform", "set"]);
const XLINK = "http://www.w3.org/1999/xlink";

function clean(node: Element): void {
  for (const child of Array.from(node.children)) {
    if (DROP_ELEMENTS.has(child.localName.toLowerCase())) {
      child.remove();
      continue;
    }
    clean(child);
  }
  for (const attr of Array.from(node.attributes)) {
    // By local name and namespace: a link may use any prefix bound to xlink.
    const name = attr.localName.toLowerCase();
    const value = attr.value.trim().toLowerCase();
    if (name.startsWith("on") || name === "href" || attr.namespaceURI === XLINK || name === "style" || value.startsWith("javascript:") || value.includes("url(")) {
      node.removeAttribute(attr.name);
    }
  }
}

/** Returns a safe SVG element for the page, or null when the text is not an SVG. */
export function safeSvg(text: string, doc: Document = document): SVGSVGElement | null {
  const parsed = new DOMParser().parseFromString(text, "image/svg+xml");
  const root = parsed.documentElement;
  if (!root || root.localName !== "svg" || parsed.getElementsByTagName("parsererror").length > 0) return null;
  clean(root);
  const svg = doc.importNode(root, true) as unknown as SVGSVGElement;
  // Scale with its container; keep the aspect ratio from viewBox.
  svg.removeAttribute("width");
  svg.removeAttribute("height");
  svg.setAttribute("role", "img");
  return svg;
}
