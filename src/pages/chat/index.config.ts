// the Chinese chat.title; the page sets the title in the app's language when it opens
export default definePageConfig({ navigationBarTitleText: '在线客服' })
