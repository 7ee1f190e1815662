import { onToastsLoaded } from '@bo/client';
import { limits } from '@bo/contracts';
import { useEffect, useState, type ComponentType } from 'react';
import type { ToastContainerProps } from 'react-toastify/unstyled';
import { useToastRoom } from './toast-room';

// The messages' container, rendered once react-toastify has come (with the first message, or when the browser is
// idle after the first page: notify.ts in @bo/client); its stylesheet comes with antd's (boot/loaders.ts).
// 3 s, newest on top, closes on click or drag, pauses on hover and focus loss. Bottom left rather than top right: an
// open record panel (1100 px on the right) keeps its header's actions and its footer's buttons in view, and so does a
// dialog (centred); where the panel reaches their corner (a phone, a narrow window), it makes room for them
// (toast-room.ts).
export function Toasts({ theme }: { theme: 'light' | 'dark' }) {
  const [Container, setContainer] = useState<ComponentType<ToastContainerProps> | null>(null);
  useEffect(() => onToastsLoaded((module) => setContainer(() => module.ToastContainer)), []);
  useToastRoom(Container !== null);
  if (!Container) return null;
  return (
    <Container
      className="bo-toasts"
      position="bottom-left"
      autoClose={limits.toastAutoCloseMs}
      newestOnTop
      closeOnClick
      draggable
      pauseOnHover
      pauseOnFocusLoss
      theme={theme}
    />
  );
}
