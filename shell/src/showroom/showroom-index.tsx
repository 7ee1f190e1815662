import { testPages } from '@bo/contracts';
import { List } from 'antd';
import { Link } from 'react-router-dom';
import { showroomPages } from './showroom-pages';
import { ShowroomLayout } from './showroom-layout';

// /tests/test: every showroom page, with what it shows.
export function ShowroomIndex() {
  return (
    <ShowroomLayout page="test">
      <List
        aria-label="Pages de démonstration"
        dataSource={testPages.filter((page) => page !== 'test')}
        renderItem={(page) => (
          <List.Item>
            <List.Item.Meta
              title={<Link to={`/tests/${page}`}>{showroomPages[page].title}</Link>}
              description={
                <>
                  <code>/tests/{page}</code> — {showroomPages[page].description}
                </>
              }
            />
          </List.Item>
        )}
      />
    </ShowroomLayout>
  );
}
