import { useLayoutEffect } from 'react';

// Where a record panel reaches the toasts' corner (it takes the whole width of a phone or a narrow window), it makes
// room for them while they show: app.css raises the panel's bottom edge by --bo-toasts-room, the height the toasts
// take at the bottom of the screen, so that no toast hides a button or a field of the panel. Called beside the
// ToastContainer, whose section holds one container while toasts show and none otherwise; `ready` once it is there.
export function useToastRoom(ready: boolean) {
  useLayoutEffect(() => {
    const section = ready ? document.querySelector('.Toastify') : null;
    if (!section || typeof ResizeObserver === 'undefined') return;
    const root = document.documentElement;
    function update() {
      const container = section?.firstElementChild;
      const room = container ? Math.max(0, window.innerHeight - container.getBoundingClientRect().top) : 0;
      root.style.setProperty('--bo-toasts-room', `${Math.ceil(room)}px`);
    }
    // A toast coming or going (and closing, as its height shrinks) resizes the container.
    const sizes = new ResizeObserver(update);
    const containers = new MutationObserver(() => {
      sizes.disconnect();
      if (section.firstElementChild) sizes.observe(section.firstElementChild);
      update();
    });
    containers.observe(section, { childList: true });
    return () => {
      containers.disconnect();
      sizes.disconnect();
      root.style.removeProperty('--bo-toasts-room');
    };
  }, [ready]);
}
