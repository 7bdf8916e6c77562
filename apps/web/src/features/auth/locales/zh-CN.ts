/** Strings of the sign-in, change-password and remote-login screens (zh-CN, the default). */
export const authZhCN = {
  platform: '政府采购绿色建材 AI 管理电子化平台',
  login: {
    routeTitle: '登录',
    heading: '账号登录',
    welcome: '欢迎使用建材帮帮，请使用手机号登录',
    intro: '服务政府采购绿色建材全流程：产品认证、城市入驻、供应溯源与采购统计，一个平台协同办理。',
    points: {
      certified: '绿色建材认证与城市入驻审核',
      trace: '从出厂到工地的全链条溯源',
      procurement: '政府采购需求标准与统计分析',
    },
    mobile: '手机号',
    mobilePlaceholder: '请输入手机号',
    mobileRequired: '请输入手机号',
    mobileInvalid: '请输入正确的手机号',
    password: '密码',
    passwordPlaceholder: '请输入密码',
    passwordRequired: '请输入密码',
    showPassword: '显示密码',
    submit: '登录',
    submitting: '正在登录…',
    throttled: '登录失败次数过多，请 15 分钟后再试',
    failed: '登录失败',
    help: '忘记密码请联系本单位企业管理员重置',
    joinTitle: '新单位如何加入',
    joinDefault:
      '建材帮帮的账号由平台开通：生产企业、经销商、施工与监理单位、建设单位请联系所在城市的住建委或建材帮帮平台运营方，提供单位名称和管理员手机号开通账号；登录后在“企业认证”中提交营业执照等材料，审核通过后即可使用。',
    publicLinks: '无需登录的公开服务',
    catalogue: '城市绿色建材产品库',
    certificateCheck: '证书查验',
    copyright: '建材帮帮 · 政府采购绿色建材 AI 管理电子化平台',
    language: 'English',
  },
  password: {
    title: '修改密码',
    description: '为了账号安全，请定期修改密码。修改后，其他设备上的登录将自动退出，当前登录保持有效。',
    old: '原密码',
    oldPlaceholder: '请输入原密码',
    new: '新密码',
    newPlaceholder: '请输入新密码',
    rule: '密码需 8–32 位，并包含大写字母、小写字母、数字、符号中的至少三种',
    sameAsOld: '新密码不能与原密码相同',
    confirm: '确认新密码',
    confirmPlaceholder: '请再次输入新密码',
    confirmRequired: '请再次输入新密码',
    mismatch: '两次输入的新密码不一致',
    submit: '确认修改',
    reset: '重置',
    success: '密码修改成功，其他设备上的登录已退出',
  },
  remote: {
    title: '登录环境变化提醒',
    content: '您的账号已在其他环境登录，当前登录已失效。如非本人操作，您的密码可能已经泄露，建议立即修改密码。',
    changePassword: '修改密码',
    cancel: '取消',
  },
};

export type AuthStrings = typeof authZhCN;

export default authZhCN;
