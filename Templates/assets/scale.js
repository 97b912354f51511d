/* gallerygen servings: scales the quantities an ingredient starts with to the servings the reader
   asks for, and converts the units it knows between metric and US customary. Optional: without it
   the page shows the quantities as written and the control stays hidden. */
(() => {
  const control = document.querySelector(".scale[data-servings]");
  const base = control && parseFloat(control.dataset.servings);
  if (!(base > 0)) return;
  const input = control.querySelector("input");
  const lang = document.documentElement.lang || "en";
  const pageRules = new Intl.PluralRules(lang), englishRules = new Intl.PluralRules("en");
  // "½ cup": amounts below one take the singular, as cooks say them.
  const pick = (forms, value, rules) => forms[rules.select(value < 1 ? 1 : value)] || forms.other;
  // Each unit: its system (spoons are the same in both and never converted), volume or mass, its
  // size in millilitres or grams, and the English words for it.
  const UNITS = {
    ml: ["metric", "v", 1, "ml|millilitre|millilitres|milliliter|milliliters"],
    cl: ["metric", "v", 10, "cl|centilitre|centilitres|centiliter|centiliters"],
    l: ["metric", "v", 1000, "l|litre|litres|liter|liters"],
    g: ["metric", "m", 1, "g|gram|grams|gramme|grammes"],
    kg: ["metric", "m", 1000, "kg|kilogram|kilograms|kilo|kilos"],
    tsp: ["spoon", "v", 4.92892, "tsp|teaspoon|teaspoons"],
    tbsp: ["spoon", "v", 14.7868, "tbsp|tbs|tablespoon|tablespoons"],
    fl_oz: ["us", "v", 29.5735, "fl oz|fl. oz.|fluid ounce|fluid ounces"],
    cup: ["us", "v", 236.588, "cup|cups"],
    oz: ["us", "m", 28.3495, "oz|ounce|ounces"],
    lb: ["us", "m", 453.592, "lb|lbs|pound|pounds"],
  };
  // Grams per US cup (236.588 ml) of what metric cooks weigh, so that the Metric toggle turns a cup
  // of flour into grams rather than millilitres. The longest name an ingredient holds wins ("brown
  // sugar" before "sugar"). Sources: King Arthur Baking's ingredient weight chart (flours, sugars,
  // butter, oats, cocoa, salt, honey) and USDA FoodData Central (rice, 185 g per cup of raw long-grain).
  const GRAMS_PER_CUP = {
    "flour": 120, "all-purpose flour": 120, "plain flour": 120, "bread flour": 120, "whole wheat flour": 113,
    "sugar": 200, "granulated sugar": 200, "caster sugar": 200, "brown sugar": 213,
    "powdered sugar": 113, "icing sugar": 113, "confectioners' sugar": 113,
    "butter": 227, "rice": 185, "oats": 89, "rolled oats": 89, "cocoa": 84, "cocoa powder": 84,
    "salt": 288, "honey": 336,
  };
  // Liquids, measured in millilitres by metric cooks too; any other ingredient measured in cups
  // stays in cups rather than be given a weight or a volume a metric cook would not use.
  const LIQUIDS = ["water", "milk", "buttermilk", "cream", "juice", "stock", "broth", "oil", "wine", "vinegar", "beer",
    "cider", "coffee", "tea", "soda", "tonic", "syrup", "cordial", "liqueur", "rum", "gin", "vodka", "whiskey", "whisky",
    "bourbon", "tequila", "brandy", "cognac", "vermouth", "sake", "bitters"];
  const named = (text, name) => new RegExp(`(?:^|[^\\p{L}])${name}(?![\\p{L}])`, "iu").test(text);
  const gramsPerCup = (text) => {
    const name = Object.keys(GRAMS_PER_CUP).filter((key) => named(text, key)).sort((a, b) => b.length - a.length)[0];
    return name && GRAMS_PER_CUP[name];
  };
  const isLiquid = (text) => LIQUIDS.some((name) => named(text, name));
  // The theme's phrases for them in the page's language ({"cup": {"one": "{count} cup", …}}), and
  // for the counted things ({"loaf": {"one": "{count} loaf", "other": "{count} loaves"}, …}).
  let names = {}, nouns = {};
  try { names = JSON.parse(control.dataset.units) || {}; } catch (error) {}
  try { nouns = JSON.parse(control.dataset.nouns) || {}; } catch (error) {}
  // The words it reads after a number, each with its singular and plural when it has them.
  const words = new Map();
  for (const [unit, [, , , list]] of Object.entries(UNITS)) {
    const all = list.split("|");
    for (const word of all) {
      const one = all.includes(word + "s") ? word : /s$/.test(word) && all.includes(word.slice(0, -1)) ? word.slice(0, -1) : null;
      words.set(word, { unit, forms: one && { one, other: one + "s" }, rules: englishRules });
    }
  }
  // A noun (unit null) is only put in the plural its new amount takes; it is never converted.
  const learn = (table, isNoun) => {
    for (const [key, phrases] of Object.entries(table)) {
      const values = Object.values(phrases);
      if (!values.length || !values.every((phrase) => phrase.startsWith("{count}"))) continue;
      const forms = Object.fromEntries(Object.entries(phrases).map(([form, phrase]) => [form, phrase.slice(7).trim()]));
      for (const word of Object.values(forms)) {
        if (word && !words.has(word.toLowerCase())) words.set(word.toLowerCase(), { unit: isNoun ? null : key, forms, rules: pageRules });
      }
    }
  };
  learn(names, false);
  learn(nouns, true);
  const escape = (text) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  const unitPattern = new RegExp(`^(\\s*)(${[...words.keys()].sort((a, b) => b.length - a.length).map(escape).join("|")})(?![\\p{L}\\p{N}])`, "iu");

  // "2", "1.5", "1,5", "½", "1 ½", "1½", "1/2", "1 1/2", and ranges of two ("2-3", "2–3").
  const GLYPHS = { "½": 1 / 2, "⅓": 1 / 3, "⅔": 2 / 3, "¼": 1 / 4, "¾": 3 / 4, "⅕": 0.2, "⅖": 0.4, "⅗": 0.6, "⅘": 0.8,
    "⅙": 1 / 6, "⅚": 5 / 6, "⅛": 1 / 8, "⅜": 3 / 8, "⅝": 5 / 8, "⅞": 7 / 8 };
  const glyph = `[${Object.keys(GLYPHS).join("")}]`;
  const amount = `(?:\\d+(?:[.,]\\d+)?(?:\\s*${glyph}|\\s+\\d+\\s*[/⁄]\\s*\\d+|\\s*[/⁄]\\s*\\d+)?|${glyph})`;
  const quantityPattern = new RegExp(`^(${amount})(?:(\\s*[-–—]\\s*)(${amount}))?(?![\\d/⁄]|[.,]\\d)`);
  const valueOf = (text) => {
    const [, whole = "0", numerator, denominator, part] = text.match(
      new RegExp(`^(?:(\\d+(?:[.,]\\d+)?)\\s*)?(?:(\\d+)\\s*[/⁄]\\s*(\\d+)|(${glyph}))?$`)) || [];
    return parseFloat(whole.replace(",", ".")) + (denominator ? numerator / denominator : part ? GLYPHS[part] : 0);
  };

  // Each ingredient that starts with an amount: its values, the unit written after it, the rest.
  const items = [];
  for (const element of document.querySelectorAll("[data-ingredient]")) {
    const text = element.textContent, match = text.match(quantityPattern);
    const values = match ? [match[1], match[3]].filter(Boolean).map(valueOf) : [];
    if (!values.length || !values.every((value) => value > 0 && isFinite(value))) continue;
    let rest = text.slice(match[0].length);
    const unitMatch = rest.match(unitPattern);
    const word = unitMatch && { ...words.get(unitMatch[2].toLowerCase()), space: unitMatch[1], text: unitMatch[2] };
    if (unitMatch) rest = rest.slice(unitMatch[0].length);
    // A line with a link (inline Markdown) keeps its markup: only the amount in its first text is rewritten.
    const first = element.firstChild, prefix = text.length - rest.length;
    if (!(first && first.nodeType === Node.TEXT_NODE && first.data.length >= prefix)) continue;
    const original = [...element.childNodes].map((node) => node.cloneNode(true));
    const after = original.map((node) => node.cloneNode(true));
    if (after.length) after[0].data = after[0].data.slice(prefix);
    items.push({ element, text, values, rest, word, original, after, dash: match[2] || "", fractions: /[/⁄]/.test(match[0]) || new RegExp(glyph).test(match[0]) });
  }
  if (!items.length) return;

  const format = (digits) => new Intl.NumberFormat(lang, { maximumFractionDigits: digits, useGrouping: false });
  const decimal = (value) => format(value >= 100 ? 0 : value >= 10 ? 1 : 2).format(value);
  // The nearest kitchen fraction: eighths, and thirds too for cups and counted things.
  const PARTS = [[0, ""], [1 / 8, "⅛"], [1 / 4, "¼"], [1 / 3, "⅓"], [3 / 8, "⅜"], [1 / 2, "½"], [5 / 8, "⅝"], [2 / 3, "⅔"],
    [3 / 4, "¾"], [7 / 8, "⅞"], [1, ""]];
  const fraction = (value, thirds) => {
    if (value >= 20) return format(0).format(Math.round(value));
    let whole = Math.floor(value);
    const [part, glyphText] = PARTS.filter(([p]) => thirds || (p * 8) % 1 === 0)
      .reduce((best, next) => (Math.abs(next[0] + whole - value) < Math.abs(best[0] + whole - value) ? next : best));
    if (part === 1) whole += 1;
    if (!whole && !glyphText) return decimal(value);
    return (whole ? format(0).format(whole) + (glyphText ? " " : "") : "") + glyphText;
  };

  // Amounts of `size` ml or g in the system's unit for them, rounded as a cook measures.
  const convert = (sizes, kind, system) => {
    const most = Math.max(...sizes);
    const unit = system === "metric" ? (kind === "v" ? (most >= 1000 ? "l" : "ml") : (most >= 1000 ? "kg" : "g"))
      : kind === "m" ? (most < UNITS.lb[2] ? "oz" : "lb") : most < 15 ? "tsp" : most < UNITS.cup[2] ? "fl_oz" : "cup";
    const values = sizes.map((size) => {
      const value = size / UNITS[unit][2];
      if (unit === "ml" || unit === "g") return Math.max(0.5, Math.round(value / (value < 10 ? 0.5 : 5)) * (value < 10 ? 0.5 : 5));
      return unit === "l" || unit === "kg" ? Math.round(value * 100) / 100 : value;
    });
    return { unit, values };
  };

  // One ingredient's text for `factor` and the chosen system (null: as written).
  const render = (item, factor, system) => {
    const known = item.word && UNITS[item.word.unit];
    const scaled = item.values.map((value) => value * factor), last = scaled[scaled.length - 1];
    const show = (values, asFractions, unit) =>
      values.map((value) => (asFractions ? fraction(value, !unit || unit === "cup") : decimal(value))).join(item.dash);
    // Cups into metric: grams for what has a known weight, millilitres for liquids, else as written.
    const grams = known && system === "metric" && item.word.unit === "cup" && gramsPerCup(item.rest);
    const converts = known && system && known[0] !== system && known[0] !== "spoon"
      && (item.word.unit !== "cup" || system !== "metric" || grams || isLiquid(item.rest));
    if (converts) {
      const sizes = scaled.map((value) => (grams ? value * grams : value * known[2]));
      const { unit, values } = convert(sizes, grams ? "m" : known[1], system);
      const phrase = (names[unit] && pick(names[unit], values[values.length - 1], pageRules)) || "{count} " + unit.replace("_", " ");
      return phrase.replace("{count}", show(values, UNITS[unit][0] !== "metric", unit));
    }
    if (factor === 1) return null;
    const text = show(scaled, item.fractions || !known || known[0] !== "metric", known && item.word.unit);
    if (!item.word) return text;
    return text + item.word.space + (item.word.forms ? capitalisedLike(item.word.text, pick(item.word.forms, last, item.word.rules)) : item.word.text);
  };
  // `word` with the capital its written form starts with ("Cloves" stays capitalised).
  const capitalisedLike = (text, word) => (text[0] !== text[0].toLowerCase() ? word[0].toUpperCase() + word.slice(1) : word);

  // The servings' own unit ("Makes 1 loaf"), in the plural of the servings asked for.
  const servingUnits = [...document.querySelectorAll(".scale-unit, .servings-unit")].map((element) => {
    const text = element.textContent.trim();
    return { element, text, word: words.get(text.toLowerCase()) };
  });

  // The system the recipe is written in: the one most of its known units belong to.
  const systems = items.map((item) => item.word && UNITS[item.word.unit]?.[0]).filter((s) => s === "metric" || s === "us");
  const written = systems.filter((s) => s === "us").length * 2 > systems.length ? "us" : "metric";
  let system = null;
  const buttons = [...control.querySelectorAll("[data-system]")];
  const toggle = control.querySelector(".scale-units");
  if (toggle && !systems.length) toggle.hidden = true;
  const counts = document.querySelectorAll(".servings-count[data-servings]");
  const servings = () => parseFloat(input.value.replace(",", "."));

  const update = () => {
    const wanted = servings();
    if (!(wanted > 0 && wanted <= 999)) return;
    for (const item of items) {
      const quantity = render(item, wanted / base, system);
      if (quantity === null) { item.element.replaceChildren(...item.original.map((node) => node.cloneNode(true))); continue; }
      const span = document.createElement("span");
      span.className = "scaled";
      span.textContent = quantity;
      item.element.replaceChildren(span, ...item.after.map((node) => node.cloneNode(true)));
    }
    for (const count of counts) count.textContent = format(2).format(wanted);
    for (const unit of servingUnits) {
      unit.element.textContent = unit.word?.forms && wanted !== base ? capitalisedLike(unit.text, pick(unit.word.forms, wanted, unit.word.rules)) : unit.text;
    }
    for (const button of buttons) button.setAttribute("aria-pressed", String(button.dataset.system === (system || written)));
  };
  input.addEventListener("input", update);
  input.addEventListener("change", () => {
    if (!(servings() > 0 && servings() <= 999)) input.value = String(base);
    update();
  });
  for (const button of control.querySelectorAll("[data-step]")) {
    button.addEventListener("click", () => {
      input.value = String(Math.min(999, Math.max(1, Math.round(servings() || base) + Number(button.dataset.step))));
      update();
    });
  }
  for (const button of buttons) button.addEventListener("click", () => { system = button.dataset.system; update(); });
  control.hidden = false;
  update();
})();
