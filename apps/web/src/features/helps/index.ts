export { HelpsTab } from "./components/helps-tab.tsx";
export { HelpsGallery } from "./components/helps-gallery.tsx";
