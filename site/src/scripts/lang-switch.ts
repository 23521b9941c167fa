/**
 * The language switch in the header links to the same page in the other language (a plain link, so it works
 * without JavaScript). With JavaScript it also carries the address's query and fragment, so a page showing
 * another year (`?year=1952`) or a section (`#calculators`) opens the same in the other language.
 */
const link = document.getElementById("lang-switch") as HTMLAnchorElement | null;

if (link) {
  const base = link.getAttribute("href")!;
  const update = () => {
    link.href = base + location.search + location.hash;
  };
  // before the browser follows it, and whenever it could show the address (hover, focus)
  for (const type of ["click", "mouseenter", "focus", "auxclick", "contextmenu"]) link.addEventListener(type, update);
  update();
}
