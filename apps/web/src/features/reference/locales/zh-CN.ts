export default {
  region: {
    loading: '正在加载地区…',
    placeholder: '请选择省 / 市 / 区县',
    loadFailed: '行政区划加载失败，请稍后重试',
    notFound: '无匹配地区',
    treePlaceholder: '请选择地区（可选省、市或区县，可多选）',
  },
  nature: {
    placeholder: '请选择企业性质',
  },
};
