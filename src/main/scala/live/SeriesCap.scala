package live

/** The cap on per-request-name series that /metrics and Graphite share: a target whose pages name requests
  * by what they hold (an id, a search) would otherwise make a series per name, without end.
  */
object SeriesCap {

  /** The name the requests past the cap are summed under, per system. */
  val Other = "other"

  /** The (system, request name) pairs that keep series of their own, at most `maxSeries`: the first answered
    * first, all systems together, so a name keeps its series all run.
    */
  def kept(state: LiveState, maxSeries: Int): Set[(String, String)] =
    state.systems.flatMap(s => s.figures.requests.map(r => (s.figures.key, name(r), r.seen)))
      .sortBy(_._3).take(maxSeries).map { case (system, request, _) => (system, request) }.toSet

  /** A request's name in the series: its path, groups first. */
  def name(request: RequestFigures): String = request.path.mkString(" / ")
}
