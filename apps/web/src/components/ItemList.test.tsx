import { render, screen } from '@testing-library/react';
import { Button, Empty } from 'antd';
import { describe, expect, it } from 'vitest';
import { ItemList } from './ItemList.tsx';

const none: readonly string[] = [];

describe('ItemList', () => {
  it('renders its items, each with its actions', () => {
    render(
      <ItemList
        items={['甲', '乙']}
        rowKey={(s) => s}
        renderItem={(s) => <span>{s}</span>}
        actions={(s) => <button type="button">{`打开${s}`}</button>}
      />,
    );
    expect(screen.getAllByRole('listitem')).toHaveLength(2);
    expect(screen.getByRole('button', { name: '打开乙' })).toBeInTheDocument();
  });

  it('says a text empty state in antd’s small empty image', () => {
    const { container } = render(<ItemList items={none} rowKey={(s) => s} renderItem={(s) => s} emptyText="暂无" />);
    expect(container.querySelectorAll('.ant-empty')).toHaveLength(1);
    expect(screen.getByText('暂无')).toBeInTheDocument();
  });

  it('shows a page’s own <Empty> as it is, not inside a second one', () => {
    const empty = (
      <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="还没有批次">
        <Button>新建第一个批次</Button>
      </Empty>
    );
    const { container } = render(<ItemList items={none} rowKey={(s) => s} renderItem={(s) => s} emptyText={empty} />);
    expect(container.querySelectorAll('.ant-empty')).toHaveLength(1);
    expect(container.querySelectorAll('.ant-empty-image')).toHaveLength(1);
    expect(screen.getByRole('button', { name: /新建第一个批次/ })).toBeInTheDocument();
  });
});
