package sandbox

import java.nio.file.{ Files, Path, Paths }
import java.util.concurrent.ConcurrentHashMap

import scala.jdk.CollectionConverters._
import scala.util.Using
import scala.util.control.NonFatal

/** Reads, before any load, every class in the folders the sandbox's code and its stand-ins come from
  * (target/classes, target/test-classes): the suite's own code, the stand-ins' and the journeys'. A process that
  * runs out of descriptors has none left to open a class file with, and a class first needed then fails for good
  * (NoClassDefFoundError on every later use). With the sandbox in the run's JVM that takes the injector with it
  * (seen in a busy `.ci/run`: watch.Answer, which every answer's check makes). A class in a jar is read
  * through the jar, which the class loader keeps open once it has opened it.
  */
object ClassFolders {
  private val done = ConcurrentHashMap.newKeySet[Path]()

  /** Reads the classes of each folder that one of `classes` was loaded from, once per JVM; returns how many
    * classes it read now.
    */
  def readAll(classes: Seq[Class[_]]): Int =
    classes.flatMap(c => folderOf(c).map(_ -> c.getClassLoader)).distinctBy(_._1).filter(f => done.add(f._1))
      .map { case (folder, loader) => read(folder, loader) }.sum

  private def folderOf(c: Class[_]): Option[Path] =
    Option(c.getProtectionDomain.getCodeSource).flatMap(source => Option(source.getLocation))
      .filter(_.getProtocol == "file").map(location => Paths.get(location.toURI)).filter(Files.isDirectory(_))

  private def read(folder: Path, loader: ClassLoader): Int =
    Using.resource(Files.walk(folder))(_.iterator.asScala.map(folder.relativize(_).toString).count { file =>
      file.endsWith(".class") && !file.endsWith("module-info.class") && {
        try { Class.forName(file.stripSuffix(".class").replace(java.io.File.separatorChar, '.'), false, loader); true }
        catch { case NonFatal(_) | _: LinkageError => false }
      }
    })
}
