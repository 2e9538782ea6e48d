// While a report is being built, poll its status and reload the page once there is more to show.
const box = document.querySelector("[data-report-status-url]");

if (box) {
  const url = box.dataset.reportStatusUrl;
  const hadContent = box.dataset.reportHasContent === "true";
  const started = Date.now();
  let delay = 2000;

  const showSteps = (steps) => {
    for (const [name, state] of Object.entries(steps || {})) {
      const item = box.querySelector(`[data-step="${name}"]`);
      if (!item) continue;
      item.className = `step step-${state}`;
      const badge = item.querySelector(".step-state");
      if (badge) badge.textContent = state;
    }
  };

  const poll = async () => {
    try {
      const response = await fetch(url, { headers: { Accept: "application/json" }, credentials: "same-origin" });
      if (response.ok) {
        const data = await response.json();
        showSteps(data.steps);
        const finished = data.status === "ready" || data.status === "failed";
        if ((data.has_content && !hadContent) || finished) {
          window.location.reload();
          return;
        }
      }
    } catch (error) {
      // A dropped request is retried on the next tick.
    }
    if (Date.now() - started > 15 * 60 * 1000) {
      box.querySelector("p").textContent = "This is taking longer than usual. Refresh the page later; we will also email you when it is ready.";
      return;
    }
    delay = Math.min(delay * 1.3, 10000);
    window.setTimeout(poll, delay);
  };

  window.setTimeout(poll, delay);
}
