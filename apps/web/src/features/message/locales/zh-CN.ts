/** Strings of the message popover, message centre and message detail (zh-CN, the default). */
export const messageZhCN = {
  bell: '消息通知',
  bellWithCount: '消息通知，{{count}} 条未读',
  title: '消息中心',
  detailTitle: '消息详情',
  filter: {
    label: '消息筛选',
    all: '全部消息',
    unread: '未读消息',
  },
  unreadTag: '未读',
  markAllRead: '全部已读',
  markAllReadDone: '更新成功',
  deleteOne: '删除',
  deleteOneConfirm: '确定删除这条消息吗？',
  deleteAll: '全部删除',
  deleteAllConfirmTitle: '确定删除全部消息吗？',
  deleteAllConfirmContent: '删除后无法恢复。',
  deleted: '删除成功',
  confirm: '确定',
  cancel: '取消',
  details: '详情',
  viewAll: '查看全部',
  loadMore: '加载更多',
  loading: '加载中…',
  noMore: '没有更多了',
  empty: '暂无消息',
  emptyUnread: '暂无未读消息',
  total: '共 {{count}} 条',
  open: '前往处理',
  back: '返回消息列表',
  notFound: '消息不存在或已被删除',
  needSignIn: '登录后查看消息',
  needSignInHint: '消息中心的内容仅对本人可见，请先登录。',
  signIn: '去登录',
  sentAt: '发送时间',
  noContent: '（无正文）',
};

export type MessageStrings = typeof messageZhCN;

export default messageZhCN;
