package testkit

import java.util.concurrent.ConcurrentHashMap
import java.util.concurrent.atomic.AtomicInteger

import scala.concurrent.duration._
import scala.jdk.CollectionConverters._

import com.typesafe.config.ConfigFactory

import io.gatling.core.Predef._
import io.gatling.core.structure.ChainBuilder
import profiles.{ LoadProfiles, Shard, WindowRecorder, Workers }

/** Runs every kind of population the profiles build, smoke-sized and without HTTP, so ProfileRunTest can
  * check what Gatling actually executed: how many iterations, which work items, which windows.
  */
class ProfileRunSimulation extends Simulation {
  import ProfileRunSimulation._

  private val profiles = ConfigFactory.parseString(
    """profiles.run {
      |  open { type = open, warmUp = 1s, rate = 2, duration = 4s }
      |  cycles { type = concurrency-cycles, levels = [1, 2], cycleDuration = 2s }
      |  work { type = fixed-work, workers = 2, scenarios = 7, timeLimit = 30s }
      |  sweep { type = concurrency-sweep, levels = [1, 2], iterationsPerLevel = 3, repeats = 2, timeLimitPerLevel = 30s }
      |}""".stripMargin
  )

  private def load(name: String) = LoadProfiles.load(profiles, "run", name, 1, Shard.Whole, smoke = false)

  /** Counts iterations per scenario, remembers the work item each one was given, and counts the iterations
    * that find an attribute saved by an earlier one (as a journey saves the id of a record it created).
    */
  private val countedJourney: ChainBuilder =
    exec { session =>
      iterations.computeIfAbsent(session.scenario, _ => new AtomicInteger).incrementAndGet()
      session.attributes.get(Workers.WorkItem).foreach(item =>
        workItems.computeIfAbsent(
          session.scenario,
          _ => ConcurrentHashMap.newKeySet[Long]()
        ).add(item.asInstanceOf[Long])
      )
      if (session.contains(SavedByJourney))
        staleIterations.computeIfAbsent(session.scenario, _ => new AtomicInteger).incrementAndGet()
      session.set(SavedByJourney, session.userId)
    }.pause(50.millis)

  setUp(
    load("open").population("open", countedJourney, windows),
    load("cycles").population("cycles", countedJourney, windows),
    load("work").population("work", countedJourney, windows),
    load("sweep").population("sweep", countedJourney, windows)
  ).maxDuration(1.minute)
}

object ProfileRunSimulation {
  val windows = new WindowRecorder
  val iterations = new ConcurrentHashMap[String, AtomicInteger]
  val workItems = new ConcurrentHashMap[String, java.util.Set[Long]]
  val staleIterations = new ConcurrentHashMap[String, AtomicInteger]
  private val SavedByJourney = "savedByJourney"

  def iterationsOf(scenario: String): Int = Option(iterations.get(scenario)).fold(0)(_.get)
  def workItemsOf(scenario: String): Set[Long] = Option(workItems.get(scenario)).fold(Set.empty[Long])(_.asScala.toSet)
  def staleIterationsOf(scenario: String): Int = Option(staleIterations.get(scenario)).fold(0)(_.get)
}
