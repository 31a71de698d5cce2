package simulations

import keyupload.KeyUpload
import suite.SuiteSimulation

/** The exposure-key upload backend's concurrency sweep (docs/systems/key-upload.md). Profiles: `sweep`
  * (default), `smoke`.
  */
class KeyUploadSimulation extends SuiteSimulation {
  setUpSystems(KeyUpload)
}
