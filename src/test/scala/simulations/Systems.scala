package simulations

import dvp.Dvp
import eforms.EForms
import elections.Elections
import eol.Eol
import eroll.ERoll
import keyall.KeyAll
import keyupload.KeyUpload
import learningportal.{ LearningPortal, LearningPortalMobile }
import publicapps.{ PublicAppsERoll, PublicAppsWeb }
import raid.Raid
import votenz.VoteNz

/** Every system the suite models, one registration each: the simulation a user names to run it (its class is
  * declared below, one line), its page and its systems. [[MainSimulation]], [[StandaloneSandbox]], the
  * README's and docs/systems' tables (their tests) and the end-to-end harness read this list and no other.
  * Adding a system is its slice, its conf, its page and its two lines here (docs/adding-a-system.md). Ordered
  * as the main job runs them.
  */
object Systems
    extends Registry(
      Seq(
        Registration(classOf[RaidSimulation], "docs/systems/raid.md", Raid),
        Registration(classOf[EnrolOnlineSimulation], "docs/systems/eol.md", Eol),
        Registration(classOf[DvpSimulation], "docs/systems/dvp.md", Dvp),
        Registration(classOf[ERollSimulation], "docs/systems/eroll.md", ERoll),
        Registration(classOf[KeyAllSimulation], "docs/systems/key-all.md", KeyAll),
        Registration(classOf[VoteNzSimulation], "docs/systems/vote-nz.md", VoteNz),
        Registration(classOf[ElectionsCdnSimulation], "docs/systems/elections.md", Elections),
        Registration(classOf[LearningPortalSimulation], "docs/systems/learning-portal.md", LearningPortal),
        Registration(classOf[LearningPortalMobileSimulation], "docs/systems/learning-portal.md", LearningPortalMobile),
        Registration(classOf[KeyUploadSimulation], "docs/systems/key-upload.md", KeyUpload),
        Registration(classOf[EFormsSimulation], "docs/systems/eforms.md", EForms),
        // A fixed list of scenarios for three runners over the others' journeys: not a part of the main job.
        Registration(classOf[PublicAppsSimulation], "docs/systems/public-apps.md", PublicAppsWeb, PublicAppsERoll)
          .outsideMainJob
      )
    )

/** RAiD API mint and update. Reference: `-Dprofile=reference`. */
final class RaidSimulation extends RegisteredSimulation(Systems)

/** Enrol Online's seven transactions. Profiles: `best` (101,022/h), `goal` (70,000/h). */
final class EnrolOnlineSimulation extends RegisteredSimulation(Systems)

/** Download Voting Papers' three situations. Profile: `reference` (3,000 scenarios). */
final class DvpSimulation extends RegisteredSimulation(Systems)

/** eRoll API sessions. Profile: `reference` (3,000 sessions, fixed work). */
final class ERollSimulation extends RegisteredSimulation(Systems)

/** Key All back-office queues. Profiles: `users-1000` (default), `users-10000`, `lock-race`, `smoke`. */
final class KeyAllSimulation extends RegisteredSimulation(Systems)

/** vote.nz browsing sessions. Profiles: `users-500` (default), `users-1000`. */
final class VoteNzSimulation extends RegisteredSimulation(Systems)

/** The election websites behind a CDN: `-Dprofile=homepage` (the default), `comprehensive` or `soak`. */
final class ElectionsCdnSimulation extends RegisteredSimulation(Systems)

/** The learning portal's authenticated reads and practice. Profiles: `cycles` (default), `smoke`. */
final class LearningPortalSimulation extends RegisteredSimulation(Systems)

/** The learning portal's mobile host alone. Profiles: `cycles` (default), `smoke`. */
final class LearningPortalMobileSimulation extends RegisteredSimulation(Systems)

/** The exposure-key upload backend's concurrency sweep. Profiles: `sweep` (default), `smoke`. */
final class KeyUploadSimulation extends RegisteredSimulation(Systems)

/** Survey eForms respondents on their line speeds. Profiles: `normal` (default), `peak`, `stress`,
  * `endurance`, and `data-extraction` (`peak` with an hourly extraction beside it).
  */
final class EFormsSimulation extends RegisteredSimulation(Systems)

/** The public applications' combined run: a fixed list of EOL and DVP scenarios on the web host and, from a
  * few minutes in, a list of eRoll sessions; the headline is the time to finish both. Profile `reference`:
  * 3 runners, `-Dshard=1/3` .. `3/3`.
  */
final class PublicAppsSimulation extends RegisteredSimulation(Systems)
