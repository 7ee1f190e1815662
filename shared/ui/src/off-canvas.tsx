import { limits } from '@bo/contracts';
import type { DrawerProps } from 'antd';
import { lazyOverlay } from './lazy-overlay';

const Drawer = lazyOverlay<DrawerProps>(() => import('antd/es/drawer'));

// Off-canvas panels are 1100 px wide (limits.offCanvasWidth), full width on small screens.
export function OffCanvas(props: Omit<DrawerProps, 'size' | 'width'>) {
  const size =
    typeof window !== 'undefined' ? Math.min(limits.offCanvasWidth, window.innerWidth) : limits.offCanvasWidth;
  return <Drawer placement="right" size={size} destroyOnHidden {...props} />;
}
