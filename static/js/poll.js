// Poll the company research until it is final, and render the brief with its sources.
const box = document.getElementById("research");

function el(tag, attrs = {}, text) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs)) node.setAttribute(key, value);
  if (text !== undefined) node.textContent = text;
  return node;
}

function safeUrl(url) {
  try {
    const parsed = new URL(url);
    return parsed.protocol === "https:" || parsed.protocol === "http:" ? parsed.href : null;
  } catch {
    return null;
  }
}

function render(data) {
  const body = el("div", { class: "research-body", id: "research-body", "data-status": data.status });
  if (data.status === "ready" && data.sections && data.sections.length) {
    for (const section of data.sections) {
      body.append(el("h4", {}, section.title));
      const list = el("ul", { class: "brief-list" });
      for (const sentence of section.sentences) {
        const item = el("li", {}, sentence.text + " ");
        item.append(el("a", { class: "cite", href: `#source-${sentence.source}`, "aria-label": `source ${sentence.source}` },
          `[${sentence.source}]`));
        list.append(item);
      }
      body.append(list);
    }
    body.append(el("h4", {}, "Sources"));
    const sources = el("ol", { class: "sources" });
    for (const source of data.sources || []) {
      const item = el("li", { id: `source-${source.index}`, value: String(source.index) });
      const href = safeUrl(source.url);
      if (href) item.append(el("a", { href, rel: "noopener noreferrer nofollow", target: "_blank" }, source.title));
      else item.textContent = source.title;
      sources.append(item);
    }
    body.append(sources);
    body.append(el("p", { class: "muted small" },
      "Written from web search results only; check anything important on the company's own site."));
  } else {
    const message = el("p", { class: "research-message" + (data.status === "pending" ? " is-pending" : "") });
    if (data.status === "pending") message.append(el("span", { class: "spinner", "aria-hidden": "true" }));
    message.append(document.createTextNode(data.message || ""));
    body.append(message);
  }
  document.getElementById("research-body")?.replaceWith(body);
  box.dataset.status = data.status;
}

if (box && box.dataset.pollUrl && box.dataset.status === "pending") {
  let delay = 2000;
  const deadline = Date.now() + 10 * 60 * 1000;
  const poll = async () => {
    try {
      const response = await fetch(box.dataset.pollUrl, { headers: { Accept: "application/json" }, credentials: "same-origin" });
      if (response.ok) {
        const data = await response.json();
        render(data);
        if (data.status !== "pending") return;
      }
    } catch {
      // A network hiccup: try again a little later.
    }
    delay = Math.min(delay * 1.5, 15000);
    if (Date.now() < deadline) setTimeout(poll, delay);
  };
  setTimeout(poll, delay);
}
