// The report's recordings: a click on a word plays the answer from that word, and the word being heard is marked.
for (const take of document.querySelectorAll(".replay-take")) {
  const audio = take.querySelector("audio");
  const words = [...take.querySelectorAll(".replay-word")];
  if (!audio || !words.length) continue;
  const starts = words.map((word) => Number(word.dataset.start));

  take.addEventListener("click", (event) => {
    const word = event.target.closest(".replay-word");
    if (!word) return;
    audio.currentTime = Number(word.dataset.start);
    audio.play().catch(() => {}); // a browser that refuses to autoplay still seeks
  });

  let heard = null;
  audio.addEventListener("timeupdate", () => {
    let index = -1;
    while (index + 1 < starts.length && starts[index + 1] <= audio.currentTime) index += 1;
    const now = index >= 0 ? words[index] : null;
    if (now === heard) return;
    heard?.classList.remove("replay-now");
    now?.classList.add("replay-now");
    heard = now;
  });
}
