// The setup form: narrow levels and plans to the chosen role, and show that the form is working.
const form = document.getElementById("setup-form");
const optionsEl = document.getElementById("role-options");

if (form && optionsEl) {
  const roles = JSON.parse(optionsEl.textContent);
  const role = form.querySelector("#id_role");
  const level = form.querySelector("#id_level");
  const description = document.getElementById("role-description");
  const planInputs = Array.from(form.querySelectorAll("input[name='plan']"));
  const quickValues = new Set(
    planInputs.filter((input) => /quick/i.test(input.closest("label")?.textContent || "")).map((i) => i.value),
  );
  const allLevels = Array.from(level.options).map((o) => ({ value: o.value, label: o.textContent }));

  function applyRole() {
    const info = roles[role.value];
    const current = level.value;
    level.replaceChildren();
    for (const option of allLevels) {
      if (option.value && info && !info.levels.includes(option.value)) continue;
      const el = new Option(option.label, option.value);
      level.append(el);
    }
    if (info && info.levels.includes(current)) level.value = current;
    else if (info && info.levels.length === 1) level.value = info.levels[0];
    else level.value = "";
    if (description) {
      description.textContent = info ? info.description : "";
      description.hidden = !(info && info.description);
    }
    for (const input of planInputs) {
      const wrapper = input.closest("div") || input.parentElement;
      const allowed = !info || quickValues.has(input.value) || String(info.plan) === input.value;
      wrapper.hidden = !allowed;
      input.disabled = !allowed;
      if (!allowed && input.checked) input.checked = false;
    }
    if (info && !planInputs.some((i) => i.checked && !i.disabled)) {
      const full = planInputs.find((i) => String(info.plan) === i.value);
      if (full) full.checked = true;
    }
  }

  role.addEventListener("change", applyRole);
  applyRole();

  // Pasting and uploading the job description are alternatives: say so as soon as both are given.
  const pasted = form.querySelector("#id_job_description");
  const jdFile = form.querySelector("#id_job_description_file");
  function checkJD() {
    const both = pasted.value.trim() && jdFile.files.length;
    jdFile.setCustomValidity(both ? "Paste the job description or upload it, not both." : "");
  }
  pasted?.addEventListener("input", checkJD);
  jdFile?.addEventListener("change", checkJD);

  form.addEventListener("submit", () => {
    const button = document.getElementById("setup-submit");
    const busy = document.getElementById("setup-busy");
    // Disable after the browser has collected the form data.
    setTimeout(() => { if (button) button.disabled = true; }, 0);
    if (busy) busy.hidden = false;
  });
}
