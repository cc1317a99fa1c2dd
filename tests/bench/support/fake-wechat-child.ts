// The WeChat fake in a process of its own for benches (run with `--import tsx`): WeChat is remote in
// production, so its HTTP answers must not be charged to the measured server process (the same reason
// the SMTP sink is a child). Sends `{ env }` once listening; answers 'count' with the messages received
// and their distinct openids; exits on 'stop'.
import { FakeWeChat } from '../../support/fake-wechat'

void new FakeWeChat().start().then((wechat) => {
  process.send!({ env: wechat.env() })
  process.on('message', (m) => {
    if (m === 'count') process.send!({ count: wechat.messages.length, unique: new Set(wechat.messages.map((x) => x.touser)).size })
    if (m === 'stop') {
      wechat.close()
      process.exit(0)
    }
  })
})
