export default { navigationBarTitleText: '主办方注册 Register' }
