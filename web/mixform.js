// The counter mix as a form on the page (its bigger screen): a whole cup at once, one row per kind
// of counter as the cup stands (how many, and each side by the counter's printed name); change
// what differs from your counters (0: not in your cup), add a kind, then make it the cup's mix,
// or confirm the cup as it stands.  The form reads the cup through hardware/web.py's
// `Board.mix_form` and sends the engine's `mix` requests through the page's serial console, one
// at a time, each after the last one's reply: the same session and save as the screens, every
// entry checked by the engine.  A refused entry forgets the mix begun, and says why.

const $ = (id) => document.getElementById(id);

export function wireMixForm(board, page) {
  const form = $("mixform");
  const cupEl = $("mix-cup");
  const rows = $("mix-rows");
  const say = (text, error = false) => {
    $("mix-status").textContent = text;
    $("mix-status").classList.toggle("error", error);
  };
  let shown = null; // the cup as mix_form read it
  let waiting = null; // resolves with the next reply line of the console

  const before = page.reply;
  page.reply = (text) => {
    before(text);
    if (waiting) {
      const done = waiting;
      waiting = null;
      done(JSON.parse(text));
    }
  };
  const ask = (line) => new Promise((resolve) => { waiting = resolve; board.type(line); });

  function row(kind) {
    const tr = document.createElement("tr");
    const count = document.createElement("input");
    Object.assign(count, { type: "number", min: 0, max: 64, value: kind.count });
    count.setAttribute("aria-label", "how many");
    tr.insertCell().append(count);
    shown.columns.forEach((col, i) => {
      const sel = document.createElement("select");
      sel.setAttribute("aria-label", col.label);
      for (const [word, name] of col.choices) sel.append(new Option(name, word, false, word === kind.sides[i]));
      tr.insertCell().append(sel);
    });
    return tr;
  }

  function load() {
    const got = JSON.parse(board.mix_form(cupEl.value));
    if (got.error) { say(got.error, true); return; }
    shown = got;
    $("mix-head").replaceChildren(...["How many", ...got.columns.map((c) => c.label)].map(
      (t) => Object.assign(document.createElement("th"), { textContent: t })));
    rows.replaceChildren(...got.kinds.map(row));
    $("mix-confirm").disabled = got.mine;
    say(got.mine ? `${got.name}: your mix, ${got.counters} counters.`
      : `${got.name}: ${got.counters} counters as shipped. Compare them with your counters.`);
  }

  async function send(lines) {
    for (const line of lines) {
      const r = await ask(line);
      if (!r.ok) {
        if (!line.endsWith(" new") && !line.endsWith(" confirm")) await ask(`mix ${shown.cup} cancel`);
        say(r.msg, true);
        return false;
      }
    }
    return true;
  }

  cupEl.addEventListener("change", load);
  $("mix-add").addEventListener("click", () => {
    rows.append(row({ count: 1, sides: shown.columns.map((c) => c.choices[0][0]) }));
  });
  $("mix-confirm").addEventListener("click", async () => {
    if (await send([`mix ${shown.cup} confirm`])) { load(); say(`${shown.name}: yours, as it stands.`); }
  });
  form.addEventListener("submit", async (e) => {
    e.preventDefault();
    const cup = shown.cup;
    const adds = [...rows.rows].map((tr) => [Number(tr.cells[0].firstChild.value),
      ...[...tr.querySelectorAll("select")].map((s) => s.value)]).filter((k) => k[0] > 0)
      .map((k) => `mix ${cup} add ${k.join(" ")}`);
    if (!adds.length) { say("No counter in the cup: set how many of at least one kind.", true); return; }
    if (await send([`mix ${cup} new`, ...adds, `mix ${cup} done`])) {
      load();
      say(`${shown.name}: yours, ${shown.counters} counters.`);
    }
  });
  $("more").addEventListener("toggle", () => { if ($("more").open && !shown) load(); });
  return { load };
}
