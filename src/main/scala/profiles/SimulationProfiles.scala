package profiles

import config.InputError

import scala.jdk.CollectionConverters._
import scala.util.Try

import com.typesafe.config.{ Config, ConfigValueType }

import LoadProfiles.{ quote, Capacity, DefaultKey, Smoke }

/** The profiles of one simulation. */
private[profiles] final case class SimulationProfiles(config: Config, simulation: String) {
  private val path = s"profiles.${quote(simulation)}"
  private val root = Try(
    config.getConfig("profiles")
  ).getOrElse(throw new InputError("profiles", "missing; the suite config has no profiles block"))
  private val own = Option(root.root.get(simulation)) match {
    case Some(obj) if obj.valueType == ConfigValueType.OBJECT => root.getConfig(quote(simulation))
    case _                                                    =>
      throw new InputError(
        s"$path",
        s"no profiles for simulation '$simulation'; known: ${root.root.keySet.asScala.toSeq.sorted.mkString(", ")}"
      )
  }

  // A system's `capacity` block holds its search's settings; the profile is built from its reference.
  val names: Seq[String] =
    own.root.keySet.asScala.toSeq.filterNot(Set(DefaultKey, Capacity)).sorted

  def pathOf(name: String): String = s"$path.${quote(name)}"

  def checked(name: String, where: String): String =
    if (names.contains(name)) name
    else {
      val known = (names :+ Smoke :+ Capacity).distinct.sorted.mkString(", ")
      throw new InputError(s"unknown profile '$name' for $simulation ($where); known: $known")
    }

  def defaultProfile: String = {
    if (!own.hasPath(DefaultKey)) throw new InputError(
      s"$path.$DefaultKey",
      s"missing; name the profile that '$Smoke' compresses (known: ${names.mkString(", ")})"
    )
    val name = new ProfileBlock(own, path).string(DefaultKey)
    checked(name, s"$path.$DefaultKey")
  }

  def block(name: String): ProfileBlock = {
    val value = own.root.get(name)
    if (value.valueType != ConfigValueType.OBJECT)
      throw new InputError(s"${pathOf(name)}", "expected a block { type = ... }")
    new ProfileBlock(own.getConfig(quote(name)), pathOf(name))
  }
}
