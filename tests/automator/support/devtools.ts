/**
 * Whether WeChat DevTools can run here: its command-line tool from WECHAT_DEVTOOLS_CLI (Windows:
 * `C:\Program Files (x86)\Tencent\微信web开发者工具\cli.bat`; macOS:
 * `/Applications/wechatwebdevtools.app/Contents/MacOS/cli`). DevTools exists for Windows and macOS only.
 * tests/run-all.mjs makes the same check before it starts jest.
 */
import fs from 'node:fs'

/** null when DevTools can be launched, else why not (one line) */
export function devtoolsProblem(env: NodeJS.ProcessEnv = process.env): string | null {
  const cli = env.WECHAT_DEVTOOLS_CLI
  if (!cli) return `WECHAT_DEVTOOLS_CLI is not set (WeChat DevTools runs on Windows and macOS${process.platform === 'linux' ? '; this is Linux' : ''})`
  if (!fs.existsSync(cli)) return `WECHAT_DEVTOOLS_CLI points at ${cli}, which does not exist`
  return null
}
