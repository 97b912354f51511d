/* gallerygen search: dims the gallery cards that do not match. Optional; the page is complete
   without it, and the search box stays hidden unless this script runs and finds its index. */
(() => {
  const form = document.querySelector("form.search[data-index]");
  if (!form || !window.fetch) return;
  const input = form.querySelector("input");
  const output = form.querySelector("output");
  // The same folding the build applied to the index: no accents, lower case.
  const fold = (s) => s.normalize("NFD").replace(/[\u0300-\u036f]/g, "").toLowerCase();
  const indexURL = new URL(form.dataset.index, location.href);
  // "1 match", "3 matches" in the page's language: the theme's phrases by CLDR plural form, and
  // the browser's plural rules and numbers for that language (the build's are ICU's, the same).
  const lang = document.documentElement.lang || "en";
  let phrases = { one: "{count} match", other: "{count} matches" };
  try { phrases = JSON.parse(form.dataset.matches) || phrases; } catch (error) {}
  const plural = new Intl.PluralRules(lang);
  const number = new Intl.NumberFormat(lang);
  const matchText = (n) => (phrases[plural.select(n)] || phrases.other || "").replace("{count}", number.format(n));
  fetch(indexURL)
    .then((response) => response.json())
    .then((entries) => {
      const words = new Map(entries.map((e) => [new URL(e.url, indexURL).href, e.text]));
      const cards = [...document.querySelectorAll("a.card")].filter((card) => words.has(card.href));
      if (!cards.length) return;
      const run = () => {
        const query = fold(input.value).split(/\s+/).filter(Boolean);
        let matches = 0;
        for (const card of cards) {
          const hit = query.every((word) => words.get(card.href).includes(word));
          card.classList.toggle("search-miss", !hit);
          if (hit) matches++;
        }
        output.textContent = query.length ? matchText(matches) : "";
      };
      input.addEventListener("input", run);
      input.addEventListener("keydown", (event) => {
        if (event.key === "Escape") { input.value = ""; run(); }
      });
      form.addEventListener("submit", (event) => event.preventDefault());
      input.value = new URLSearchParams(location.search).get("q") || "";
      form.hidden = false;
      run();
    })
    .catch(() => {});
})();
