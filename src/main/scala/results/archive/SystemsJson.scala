package results.archive

import results.model.{ Entry, GateCheck, RunSummary, SystemSummary, Verdict }

import text.Formats.round
import SummaryDocument.SystemFigures

/** Each system of a run in summary.json (`systems`): its figures, and with a gate its verdict and checks (read
  * back from the gate, not from here).
  */
private[results] object SystemsJson {

  def documents(s: RunSummary): Seq[SystemFigures] = {
    s.systems.map { system =>
      val g = system.global.figures
      SystemFigures(
        system.key,
        system.profile,
        system.verdict.map(_.word),
        FiguresJson.steady(system.steady),
        g.count,
        g.ko,
        round(g.koPercent, 2),
        round(g.requestsPerSecond, 3),
        g.p95Ms,
        g.p99Ms,
        system.startEpochMs,
        system.endEpochMs,
        system.plannedUsers,
        system.startedUsers,
        system.endedUsers,
        system.scenarios,
        system.requests.map(Entry.name),
        system.requests,
        system.groups,
        FiguresJson.entry(system.global),
        s.gate.fold(Seq.empty[GateCheck])(system.checks).map(_.name),
        s.capacity.find(_.system == system.key).map(search =>
          CapacitySummaryJson.document(search, s.gate.flatMap(_.capacity.find(_.system == system.key)))
        )
      )
    }
  }

  /** `entry` reads each stored entry back at the summary's confidence ([[FiguresJson.entry]]). */
  def system(d: SystemFigures, entry: SummaryDocument.Entry => Entry): SystemSummary =
    SystemSummary(
      key = d.key,
      profile = d.profile,
      scenarios = d.scenarios,
      requests = d.requestPaths,
      groups = d.groupPaths,
      global = entry(d.global),
      startEpochMs = d.startEpochMs,
      endEpochMs = d.endEpochMs,
      steady = FiguresJson.steady(d.steady),
      plannedUsers = d.plannedUsers,
      startedUsers = d.startedUsers,
      endedUsers = d.endedUsers,
      verdict = d.verdict.flatMap(Verdict.of)
    )
}
