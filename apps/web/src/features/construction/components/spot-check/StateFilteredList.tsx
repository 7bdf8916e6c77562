import { Alert, Button, Empty, Flex, Grid, Pagination, Select, Table, type TableProps } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ItemList } from '../../../../components/ItemList.tsx';
import { ListToolbar } from '../../../../components/ListToolbar.tsx';
import type { PagePagination } from '../../../../lib/paging.ts';
import { CONSTRUCTION_NS } from '../../locales/register.ts';

/**
 * The frame of the 抽检与见证 page's two lists (witnessed samples, spot checks): a toolbar with a state filter and the
 * create button (also in the empty state, while no filter is set), the failure, and the rows as a table on a wide
 * screen or cards with a simple pager on a phone.
 */
export function StateFilteredList<Row extends { id: number }, State extends string>(props: {
  /** The create button, for those who may create (null: none). */
  create: { label: string; icon: ReactNode; onClick: () => void } | null;
  onRefresh: () => void;
  state: { label: string; options: { value: State; label: string }[]; onChange: (state: State | undefined) => void };
  /** The filter is set: the empty state offers no create button. */
  filtered: boolean;
  emptyText: string;
  error: Error | null;
  loading: boolean;
  rows: Row[];
  total: number;
  take: number;
  pagination: (total: number, showTotal?: (total: number) => ReactNode) => PagePagination;
  columns: TableProps<Row>['columns'];
  renderItem: (row: Row) => ReactNode;
  actions?: (row: Row) => ReactNode;
}) {
  const { t } = useTranslation(CONSTRUCTION_NS);
  const wide = Grid.useBreakpoint().md ?? true;
  const { create, rows, total } = props;
  const createButton = create && (
    <Button type="primary" icon={create.icon} onClick={create.onClick}>
      {create.label}
    </Button>
  );
  const empty = (
    <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={props.emptyText}>
      {!props.filtered && createButton}
    </Empty>
  );
  return (
    <>
      <ListToolbar onRefresh={props.onRefresh} actions={createButton}>
        <Select<State>
          aria-label={props.state.label}
          allowClear
          placeholder={t('spotCheck.allStates')}
          style={{ width: 150 }}
          options={props.state.options}
          onChange={(state) => props.state.onChange(state)}
        />
      </ListToolbar>
      {props.error && <Alert type="error" showIcon title={props.error.message} style={{ marginBottom: 16 }} />}
      {wide ? (
        <Table<Row>
          rowKey="id"
          columns={props.columns}
          dataSource={rows}
          loading={props.loading}
          locale={{ emptyText: empty }}
          pagination={props.pagination(total, (n) => t('spotCheck.total', { total: n }))}
        />
      ) : (
        <ItemList
          items={rows}
          rowKey={(r) => r.id}
          loading={props.loading}
          emptyText={empty}
          actions={props.actions}
          renderItem={props.renderItem}
        />
      )}
      {!wide && total > props.take && (
        <Flex justify="center" style={{ marginTop: 12 }}>
          <Pagination simple {...props.pagination(total)} />
        </Flex>
      )}
    </>
  );
}
