// The start page shows the address the community will have as its slug is typed
// (issue 27, point 1): the server's pattern with SLUG replaced, lower-cased as the server stores it.
const slug = document.getElementById("id_slug");
const preview = document.getElementById("address-preview");
if (slug && preview) {
  const pattern = preview.dataset.pattern;
  const show = () => {
    const value = slug.value.trim().toLowerCase();
    preview.textContent = pattern.replace("SLUG", value || "SLUG");
  };
  slug.addEventListener("input", show);
  show();
}
