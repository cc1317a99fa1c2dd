/**
 * jsdom with the device clock in another zone than the machine's: a test file that checks times read
 * in an activity's zone (not the device's) names this environment and a zone in its docblock:
 *   @jest-environment ./tests/client/support/zone-environment.js
 *   @jest-environment-options {"timeZone": "America/New_York"}
 * The zone is the worker process's (V8 reads TZ when it changes), so it is set for the file and put back
 * after it; a test file's own `process.env` is a copy and cannot move the clock.
 */
const JsdomEnvironment = require('jest-environment-jsdom').TestEnvironment ?? require('jest-environment-jsdom')

class ZoneEnvironment extends JsdomEnvironment {
  constructor(config, context) {
    super(config, context)
    this.zone = (config.projectConfig.testEnvironmentOptions || {}).timeZone || 'America/New_York'
  }

  async setup() {
    this.saved = process.env.TZ
    process.env.TZ = this.zone
    await super.setup()
  }

  async teardown() {
    if (this.saved === undefined) delete process.env.TZ
    else process.env.TZ = this.saved
    await super.teardown()
  }
}

module.exports = ZoneEnvironment
