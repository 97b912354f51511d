/* gallerygen search: finds recipes anywhere on the site from the index in search/ (SearchIndex.swift),
   fetching only what the words typed need. Optional: without it, or from disk (no fetch() of file:),
   the box stays hidden and the A–Z page lists every recipe. Combobox pattern: focus stays in the
   box, arrow keys move through the results, Enter opens one (the first by default), Escape clears. */
(() => {
  const form = document.querySelector("form.search[data-index]");
  if (!form || !window.fetch || location.protocol === "file:") return;
  const input = form.querySelector("input");
  const output = form.querySelector("output");
  const list = form.querySelector("[role=listbox]");
  const panel = form.querySelector(".search-panel");
  const base = new URL(form.dataset.index, location.href);
  const lang = document.documentElement.lang || "en";
  const shown = 10;
  let phrases = { one: "{count} match", other: "{count} matches" };
  try { phrases = JSON.parse(form.dataset.matches) || phrases; } catch (error) {}
  const plural = new Intl.PluralRules(lang);
  const number = new Intl.NumberFormat(lang);
  const matchText = (n, more) => (phrases[plural.select(n)] || phrases.other || "").replace("{count}", number.format(n) + (more ? "+" : ""));
  // The build's folding (SearchWords.fold) and word breaks (ICU's, as Intl.Segmenter's are).
  const fold = (s) => s.normalize("NFD").replace(/[\u0300-\u036f]/g, "").toLowerCase().normalize("NFC");
  const segmenter = window.Intl && Intl.Segmenter && new Intl.Segmenter(lang, { granularity: "word" });
  const pieces = (s) => segmenter ? [...segmenter.segment(s)].map((p) => ({ text: p.segment, word: p.isWordLike }))
    : (s.match(/[\p{L}\p{N}'’_]+|[^\p{L}\p{N}'’_]+/gu) || []).map((text) => ({ text, word: /^[\p{L}\p{N}'’_]/u.test(text) }));
  // The query's words, each marked complete when a space or a mark follows it: a complete word
  // matches whole (or with one typo), only the word still being typed matches as a beginning, so
  // "lime gin " lists no ginger beer (Algolia's prefixLast; Pagefind treats every word as a prefix).
  const words = (s) => {
    const all = pieces(s);
    return all.flatMap((p, i) => p.word ? [{ w: fold(p.text), complete: i + 1 < all.length && !all[i + 1].word }] : []);
  };
  const cache = new Map();
  const get = (path) => {
    if (!cache.has(path)) {
      cache.set(path, fetch(new URL(path, base)).then((r) => { if (!r.ok) throw new Error(r.status); return r.json(); }));
    }
    return cache.get(path);
  };
  const name = (key) => /^[a-z0-9]+$/.test(key) ? key : [...new TextEncoder().encode(key)].map((b) => b.toString(16).padStart(2, "0")).join("");
  const first2 = (w) => [...w].slice(0, 2).join("");
  let manifest, loaded;
  const load = () => manifest || (manifest = get("index.json").then((m) => {
    if (m.version !== 3) throw new Error("index version");
    m.keys = new Set(m.shards);
    return (loaded = m);
  }));
  // A postings file holds its shard ([shard, postings]): once one is asked for, its shard comes from it.
  const inside = new Map();
  const shard = (key) => {
    const path = `t/${name(key)}.json`;
    return inside.has(key) && !cache.has(path) ? inside.get(key).then((f) => f[0]) : get(path);
  };
  // A shard's best records: its terms' first ten documents', all a one-word query can show.
  const best = (key) => get(`b/${name(key)}.json`);
  const ask = (promise) => promise.catch(() => ({}));

  // Whether a and b (arrays of characters) are at most one edit apart: one letter changed, added,
  // dropped, or two neighbours swapped.
  const near = (a, b) => {
    if (Math.abs(a.length - b.length) > 1) return false;
    let i = 0;
    while (i < a.length && a[i] === b[i]) i++;
    if (a.length === b.length) {
      return a.slice(i + 1).join() === b.slice(i + 1).join()
        || (a[i] === b[i + 1] && a[i + 1] === b[i] && a.slice(i + 2).join() === b.slice(i + 2).join());
    }
    return a.length > b.length ? a.slice(i + 1).join() === b.slice(i).join() : a.slice(i).join() === b.slice(i + 1).join();
  };
  // How well term matches the query word w: whole, as its beginning (unless w is complete), or
  // (5+ letters) with one typo.
  const quality = (term, w, chars, complete) => {
    if (term === w) return 1;
    if (!complete && term.startsWith(w)) return 0.75;
    if (chars.length < 5) return 0;
    const t = [...term];
    return near(t, chars) || (!complete && t.length > chars.length && near(t.slice(0, chars.length), chars)) ? 0.5 : 0;
  };

  // The terms a word matches, each with its shard key, its entry [count, top postings, file?] and quality.
  const matchWord = async (m, { w, complete }, single) => {
    const chars = [...w];
    let keys = chars.length > 1 ? [first2(w)].filter((k) => m.keys.has(k)) : m.shards.filter((k) => k.startsWith(w));
    if (chars.length === 1 && (complete || keys.length > 4)) keys = m.keys.has(w) ? [w] : [];
    if (single) keys.forEach((k) => ask(best(k)));
    const scan = async (keys) => {
      const found = [];
      for (const [i, terms] of (await Promise.all(keys.map(shard))).entries()) {
        for (const term in terms) {
          const q = quality(term, w, chars, complete);
          if (q) found.push({ key: keys[i], entry: terms[term], q });
        }
      }
      return found;
    };
    let found = await scan(keys);
    // A typo in the second letter puts the word in another shard of the same first letter.
    if (!found.length && chars.length >= 5) {
      found = await scan(m.shards.filter((k) => k[0] === w[0] && k !== keys[0]).slice(0, 12));
    }
    return found;
  };

  // Postings (SearchPostings.swift): [score, "documents", …] best first, each group's documents as
  // base-32 gaps (a digit of 32+ has more to follow), read into best, a score per document (typed:
  // 50,000 postings at 100,000 recipes), the higher kept; found gets each document once. Only
  // groups scoring from floor to under below are read.
  const digit = new Uint8Array(128);
  [..."ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_"].forEach((c, i) => { digit[c.charCodeAt(0)] = i; });
  const decode = (groups, q, best, found, floor = 0, below = Infinity) => {
    for (let g = 0; g < groups.length && groups[g] * q >= floor; g += 2) {
      const score = groups[g] * q, text = groups[g + 1];
      if (score >= below) continue;
      for (let i = 0, doc = -1, v = 0; i < text.length; i++) {
        const x = digit[text.charCodeAt(i)];
        if (x < 32) {
          doc += v + x + 1;
          v = 0;
          if (!best[doc]) found.push(doc);
          if (best[doc] < score) best[doc] = score;
        } else v = (v + x - 32) * 32;
      }
    }
  };
  const file = (key, n) => {
    const f = get(`p/${name(key)}-${n}.json`);
    inside.has(key) || inside.set(key, f);
    return f;
  };
  // Every posting of a term: its top list when that is all (it has no postings file), else its file.
  const postings = async (t, all) => {
    const [, top, n] = t.entry;
    return n === undefined || !all ? top : (await file(t.key, n))[1];
  };
  // The first n of ids in order without sorting them all (ids come best group first).
  const first = (ids, order, n) => {
    const top = [];
    for (const id of ids) {
      if (top.length < n || order(id, top[n - 1]) < 0) {
        top.push(id);
        top.sort(order);
        top.length = Math.min(top.length, n);
      }
    }
    return top;
  };

  // The documents matching every word, best first (the first `limit` of them): { ids, total,
  // complete, bests, rest }, bests naming the shards whose best records hold a one-word query's
  // results, rest (when set) giving the exact count.
  const search = async (query, all, limit = Infinity) => {
    const ws = [...new Map(words(query).map((w) => [w.w + (w.complete ? " " : ""), w])).values()];
    if (!ws.length) return { ids: [], total: 0, complete: true, bests: [] };
    const single = ws.length === 1;
    // Before the manifest has come, each word's shard is asked for beside it, not after it (a
    // prefix without a shard then costs a 404).
    if (!loaded) {
      for (const { w } of ws) if ([...w].length > 1) [shard(first2(w))].concat(single ? [best(first2(w))] : []).forEach(ask);
    }
    const m = await load();
    all = all || !single;
    // The postings files (the manifest lists them) of the word and of the longer terms the word
    // being typed begins are asked for now, not after the shard.
    if (all) for (const { w, complete } of ws) for (const t in m.postings) if (t === w || (!complete && w[1] && t.startsWith(w))) ask(file(first2(t), m.postings[t]));
    const matched = await Promise.all(ws.map((w) => matchWord(m, w, single)));
    // Scores: the sum over the words of each word's best term.
    const lists = await Promise.all(matched.map((terms) => Promise.all(terms.map((t) => postings(t, all)))));
    // Each word's best tier (its terms' groups at its highest score) is read first: when ten or
    // more documents are in every word's, the first of them in site order are the results, and
    // the rest (20,000–50,000 postings for two common words at 100,000 recipes) is read for the
    // count only, by `rest`, after the list is drawn.
    const read = matched.map((terms, word) => ({ terms, best: new Float32Array(m.documents), found: [],
      top: !single && limit < Infinity ? Math.max(...terms.map((t, i) => lists[word][i][0] * t.q)) : Infinity }));
    read.forEach(({ terms, best, found, top }, word) => terms.forEach((t, i) => decode(lists[word][i], t.q, best, found, top)));
    const tier = read.reduce((ids, { best }) => ids.filter((id) => best[id]), read[0].found);
    const rest = () => {
      let ids = null, scores, complete = true, lower = 0;
      read.forEach(({ terms, best, found, top }, word) => {
        terms.forEach((t, i) => {
          // A partial list: the count is still exact when the word matched that term alone.
          if (t.entry.length > 2 && !all) { complete = complete && terms.length === 1; lower = Math.max(lower, t.entry[0]); }
          decode(lists[word][i], t.q, best, found, 0, top);
        });
        if (ids) {
          ids = ids.filter((id) => best[id]);
          for (const id of ids) scores[id] += best[id];
        } else [ids, scores] = [found, best];
      });
      const order = (a, b) => scores[b] - scores[a] || a - b;
      return { ids: limit < ids.length ? first(ids, order, limit) : ids.sort(order), total: Math.max(ids.length, lower), complete,
        bests: single ? [...new Set(matched[0].map((t) => t.key))] : [] };
    };
    return tier.length < limit ? rest() : { ids: tier.sort((a, b) => a - b).slice(0, limit), total: tier.length, complete: false, bests: [], rest };
  };

  const record = (m, id) => get(`r/${Math.floor(id / m.group)}.json`).then((g) => g[id % m.group]);
  // Records [title, address from the root, thumbnail, tags, time]: from the shards' best records
  // when they hold them, else from the record groups.
  const records = async (m, ids, bests = []) => {
    const known = Object.assign({}, ...await Promise.all(bests.map((k) => ask(best(k)))));
    return Promise.all(ids.map((id) => known[id] || record(m, id)));
  };

  let ticket = 0, pending = Promise.resolve();
  const options = () => [...list.querySelectorAll("[role=option]")];
  // The panel shows the count (and the results, if any) while there is a query.
  const expand = (open) => {
    panel.hidden = !open;
    input.setAttribute("aria-expanded", open && options().length > 0);
    if (!open) select(-1);
  };
  const select = (index) => {
    options().forEach((option, i) => option.setAttribute("aria-selected", i === index));
    const option = options()[index];
    option ? input.setAttribute("aria-activedescendant", option.id) : input.removeAttribute("aria-activedescendant");
    if (option) option.scrollIntoView({ block: "nearest" });
  };
  const el = (tag, className, text) => {
    const e = document.createElement(tag);
    if (className) e.className = className;
    if (text) e.textContent = text;
    return e;
  };
  const draw = (query, found, shownRecords) => {
    list.replaceChildren(...shownRecords.map(([title, url, thumb, tags, time, kind], i) => {
      // A page or a journal post (kind) is marked as one; a post's time is "Journal · its date".
      const option = el("a", kind ? `search-result search-result-${kind}` : "search-result");
      Object.assign(option, { id: `search-result-${i}`, href: new URL(url, new URL("../", base)).href, tabIndex: -1 });
      option.setAttribute("role", "option");
      option.setAttribute("aria-selected", "false");
      const picture = el("span", "search-thumb");
      if (thumb) {
        const img = el("img");
        Object.assign(img, { src: new URL(thumb, new URL("../", base)).href, alt: "", width: 48, height: 48, decoding: "async" });
        picture.append(img);
      } else {
        picture.textContent = [...title][0] || "";
        picture.setAttribute("aria-hidden", "true");
      }
      const text = el("span", "search-text");
      text.append(el("span", "search-title", title));
      const meta = (kind ? [time].concat(tags.slice(0, 2)) : tags.slice(0, 3).concat([time])).filter(Boolean).join(" · ");
      if (meta) text.append(el("span", "search-meta", meta));
      option.append(picture, text);
      return option;
    }));
    input.removeAttribute("aria-activedescendant");
    output.textContent = matchText(found.total, !found.complete);
    expand(true);
    // Which query the list and its count show, for scripts and tests that wait for them.
    if (!found.rest) form.dataset.shown = query;
    form.dispatchEvent(new CustomEvent("gallerygen:results", { detail: found }));
  };
  const run = () => {
    const mine = ++ticket;
    const query = input.value;
    if (!words(query).length) {
      list.replaceChildren();
      output.textContent = "";
      expand(false);
      return (pending = Promise.resolve());
    }
    return (pending = search(query, false, shown).then(async (found) => {
      const m = await load();
      const shownRecords = await records(m, found.ids.slice(0, shown), found.bests);
      if (mine === ticket) draw(query, found, shownRecords);
      // A query of several words counts its matches ("N+" until then) once the list is painted.
      if (found.rest) await new Promise((painted) => requestAnimationFrame(() => setTimeout(painted)));
      if (found.rest && mine === ticket) {
        const { total, complete } = found.rest();
        output.textContent = matchText(total, !complete);
        form.dataset.shown = query;
      }
    }).catch(() => { if (mine === ticket) output.textContent = form.dataset.offline || ""; }));
  };
  const open = (option) => { if (option) location.href = option.href; };

  input.addEventListener("input", run);
  input.addEventListener("focus", load);
  input.addEventListener("keydown", (event) => {
    const all = options();
    const current = all.findIndex((o) => o.getAttribute("aria-selected") === "true");
    if (event.key === "ArrowDown" || event.key === "ArrowUp") {
      event.preventDefault();
      if (!all.length) return;
      expand(true);
      const step = event.key === "ArrowDown" ? 1 : -1;
      select(current < 0 ? (step > 0 ? 0 : all.length - 1) : (current + step + all.length) % all.length);
    } else if (event.key === "Escape") {
      event.preventDefault();
      input.value = "";
      run();
    }
  });
  form.addEventListener("submit", (event) => {
    event.preventDefault();
    pending.then(() => {
      const all = options();
      open(all.find((o) => o.getAttribute("aria-selected") === "true") || all[0]);
    });
  });
  form.addEventListener("focusout", (event) => { if (!form.contains(event.relatedTarget)) expand(false); });
  input.addEventListener("click", () => expand(output.textContent !== ""));
  // Scripts and the benchmark may ask too: every match, best first, and its records.
  window.gallerygenSearch = { search: (query, all = true) => search(query, all), records: (ids) => load().then((m) => records(m, ids)) };
  form.hidden = false;
  const q = new URLSearchParams(location.search).get("q");
  if (q) {
    input.value = q;
    run();
  }
})();
