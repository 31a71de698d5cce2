package journey

import config.Settings

import java.util.Random
import java.util.concurrent.ThreadLocalRandom
import java.util.concurrent.atomic.AtomicLong

import io.gatling.core.Predef._
import io.gatling.core.structure.ChainBuilder

/** A weighted choice among named alternatives: which transaction a user runs, which route a call takes.
  * Weights are relative (15.4 and 0.154 mean the same); an alternative left out of the block has weight 0.
  *
  * @param inTurn draw every name with a weight in turn, ignoring the weights: a smoke run of a few users
  *               then covers every transaction, which random draws by a 2.8 % weight would not
  */
final class Mix private (val weights: Seq[(String, Double)], inTurn: Boolean) {
  private val drawn = new AtomicLong
  private val total = weights.map(_._2).sum
  private val cumulative = weights.map(_._2).scanLeft(0.0)(_ + _).tail.toArray

  /** The share of `name` in the mix, between 0 and 1. */
  def share(name: String): Double = weights.collectFirst { case (`name`, w) => w / total }.getOrElse(0.0)

  /** The names that can be drawn, in configuration order. */
  val names: Seq[String] = weights.collect { case (name, w) if w > 0 => name }

  def draw(): String =
    if (inTurn) names((drawn.getAndIncrement() % names.size).toInt) else draw(ThreadLocalRandom.current())

  /** Draws an alternative for each pass, saves its name in the session as `attribute` (the journey and its
    * checks may read it), and runs its chain. Every name that can be drawn must have a chain.
    */
  def switch(attribute: String, chains: Map[String, ChainBuilder]): ChainBuilder = {
    names.filterNot(chains.contains).foreach(name => throw new IllegalArgumentException(s"no chain for '$name'"))
    exec(session => session.set(attribute, draw())).doSwitch(s"#{$attribute}")(names.map(n => n -> chains(n)): _*)
  }

  def draw(random: Random): String = {
    val point = random.nextDouble() * total
    val i = cumulative.indexWhere(point < _)
    weights(if (i < 0) weights.size - 1 else i)._1
  }
}

object Mix {

  /** The mix in block `path` of `settings`, e.g. `mix { "Search only" = 63.0, ... }`. Every name in the block
    * must be one of `known`; weights are not negative and do not all add up to 0.
    */
  def read(settings: Settings, path: String, known: Seq[String], inTurn: Boolean = false): Mix = {
    if (!settings.isBlock(path))
      settings.fail(path, s"must be a block of weights, one per name of: ${known.mkString(", ")}")
    val block = settings.block(path)
    val names = block.names
    names.filterNot(known.contains).headOption.foreach { unknown =>
      block.fail(block.element(unknown), s"unknown name; expected one of: ${known.mkString(", ")}")
    }
    val weights = known.filter(names.contains).map(name => name -> block.double(block.element(name), min = 0))
    of(weights, inTurn).getOrElse(settings.fail(path, "the weights add up to 0: nothing could ever be drawn"))
  }

  /** A mix of these weights, or None when they add up to 0. */
  def of(weights: Seq[(String, Double)], inTurn: Boolean = false): Option[Mix] = {
    require(weights.forall(_._2 >= 0), s"negative weight in $weights")
    Option.when(weights.map(_._2).sum > 0)(new Mix(weights, inTurn))
  }
}
