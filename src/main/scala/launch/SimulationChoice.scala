package launch

import config.{ FailFast, InputError }

import java.lang.reflect.Modifier
import java.nio.file.{ Files, Paths }

import scala.jdk.CollectionConverters._
import scala.util.Using
import scala.util.control.NonFatal

import io.gatling.core.scenario.Simulation

/** Checks `gatling.simulationClass` before Gatling starts: Gatling's own answer to a misspelt class is
  * a 30-line stack trace that names no alternative. The pom runs this as `mvn gatling:test` compiles.
  */
object SimulationChoice {
  val Key = "gatling.simulationClass"
  val Package = "simulations"

  /** The simulation classes of the `simulations` package, by name. */
  def known(loader: ClassLoader): Seq[String] =
    loader.getResources(Package).asScala.toSeq.filter(_.getProtocol == "file").flatMap { url =>
      Using.resource(Files.list(Paths.get(url.toURI))) { files =>
        files.iterator.asScala
          .map(_.getFileName.toString)
          .filter(name => name.endsWith(".class") && !name.contains("$"))
          .map(name => s"$Package.${name.stripSuffix(".class")}")
          .filter(isSimulation(_, loader))
          .toList
      }
    }.sorted

  /** Throws an [[InputError]] naming the known simulations when `className` is none of them. */
  def check(className: String, loader: ClassLoader): Unit =
    if (!isSimulation(className, loader)) {
      val problem = if (loads(className, loader)) "is not a Gatling Simulation" else "no such class"
      throw new InputError(s"$Key", s"$problem (was '$className'); known: ${known(loader).mkString(", ")}")
    }

  private def loads(className: String, loader: ClassLoader): Boolean =
    try { Class.forName(className, false, loader); true }
    catch { case NonFatal(_) | _: LinkageError => false }

  // An abstract base of simulations (one the package shares) is not one Gatling can run.
  private def isSimulation(className: String, loader: ClassLoader): Boolean =
    loads(className, loader) && {
      val loaded = Class.forName(className, false, loader)
      classOf[Simulation].isAssignableFrom(loaded) && !Modifier.isAbstract(loaded.getModifiers)
    }

  def main(args: Array[String]): Unit =
    FailFast(check(args.headOption.getOrElse(""), Thread.currentThread.getContextClassLoader))
}
