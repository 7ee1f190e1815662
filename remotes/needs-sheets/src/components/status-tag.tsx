import { readableTextOn } from '@bo/contracts/records';
import { Tag } from 'antd';

// A status in its own colour, as a solid chip whose text reads on it whatever colour the administrator chose.
export function StatusTag({ status }: { status: { label: string; color: string } }) {
  return (
    <Tag color={status.color} variant="solid" style={{ color: readableTextOn(status.color) }}>
      {status.label}
    </Tag>
  );
}
