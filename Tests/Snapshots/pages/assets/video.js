/* gallerygen video: the recipe's video (a YouTube or Vimeo player, or a file) loads only when the
   reader clicks its poster, so nothing comes from another site before that. Without this script
   the poster is a plain link to the video's page or file. */
(() => {
  for (const embed of document.querySelectorAll(".video-embed[data-player]")) {
    const link = embed.querySelector("a");
    const source = embed.dataset.player;
    if (!link || !/^https:\/\//.test(source)) continue;
    link.addEventListener("click", (event) => {
      // A click meant for a new tab or window still opens the video's page.
      if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
      event.preventDefault();
      let player;
      if (embed.dataset.kind === "file") {
        player = document.createElement("video");
        player.controls = true;
        player.autoplay = true;
        player.playsInline = true;
        player.src = source;
      } else {
        player = document.createElement("iframe");
        player.src = source;
        player.allow = "autoplay; encrypted-media; picture-in-picture; fullscreen";
        player.allowFullscreen = true;
        player.referrerPolicy = "strict-origin-when-cross-origin";
      }
      player.title = embed.dataset.title || link.textContent.trim();
      embed.replaceChildren(player);
      player.focus();
    });
  }
})();
