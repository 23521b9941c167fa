/**
 * The API reference page's only script on load: the button that brings in the interactive reference. Swagger UI
 * (about 1.5 MB with its CSS) is imported when the button is pressed, never before, so the page paints from its
 * HTML alone (the reference itself is rendered at build time).
 */
const button = document.getElementById("try-it") as HTMLButtonElement | null;
const target = document.getElementById("reference-content");
const statusLine = document.getElementById("reference-status");
const LOADING =
  document.documentElement.lang === "en"
    ? "Loading the interactive reference…"
    : "Hämtar det interaktiva gränssnittet…";

button?.addEventListener("click", async () => {
  button.disabled = true;
  button.setAttribute("aria-busy", "true");
  if (statusLine) statusLine.textContent = LOADING;
  target?.removeAttribute("hidden");
  try {
    const { mountSwaggerUi } = await import("./api-reference.ts");
    await mountSwaggerUi();
    button.hidden = true;
  } catch {
    button.disabled = false;
    if (statusLine)
      statusLine.textContent =
        document.documentElement.lang === "en"
          ? "The interactive reference could not be loaded."
          : "Det interaktiva gränssnittet kunde inte hämtas.";
  } finally {
    button.removeAttribute("aria-busy");
  }
});
