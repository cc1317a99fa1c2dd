// Runs a command and ends its whole process group when the parent (the jest process) disappears, so a
// killed or crashed test run never leaves a server behind. Usage: node with-parent.cjs <parentPid> cmd args…
const { spawn } = require('node:child_process')

const parentPid = Number(process.argv[2])
const [cmd, ...args] = process.argv.slice(3)
const child = spawn(cmd, args, { stdio: 'inherit' })

function endGroup(signal) {
  try {
    process.kill(-process.pid, signal) // our group: this watchdog, tsx and the server
  } catch {
    process.exit(1)
  }
}

const timer = setInterval(() => {
  try {
    process.kill(parentPid, 0)
  } catch {
    endGroup('SIGKILL')
  }
}, 1000)

process.on('SIGTERM', () => {
  // stop() asks nicely first: pass it on and leave when the server is down
  child.kill('SIGTERM')
})
child.on('exit', (code, signal) => {
  clearInterval(timer)
  process.exit(code ?? (signal ? 1 : 0))
})
