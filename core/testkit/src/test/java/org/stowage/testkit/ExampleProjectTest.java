package org.stowage.testkit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.junit.jupiter.api.Test;

/**
 * core/example's pom.xml is the project a user copies (no parent, Stowage's coordinates by version); its
 * reactor.xml builds the same sources inside this repository. The two must name this build's version and JUnit,
 * and the same dependencies, or .ci/run would test one thing and the reactor another.
 */
class ExampleProjectTest {
    private static final Path EXAMPLE = Path.of(System.getProperty("basedir", ".")).resolve("../example").normalize();

    @Test
    void theStandaloneProjectNamesThisBuildsVersionAndJunit() throws IOException {
        final String pom = Files.readString(EXAMPLE.resolve("pom.xml"));
        assertFalse(pom.contains("<parent>"), "core/example/pom.xml stands alone");
        assertEquals(System.getProperty("stowage.project.version"), element(pom, "stowage.version"),
            "core/example/pom.xml's stowage.version");
        assertEquals(System.getProperty("stowage.junit.version"), element(pom, "junit.version"),
            "core/example/pom.xml's junit.version");
    }

    @Test
    void theReactorModuleHasTheSameDependencies() throws IOException {
        assertEquals(dependencies(Files.readString(EXAMPLE.resolve("pom.xml"))),
            dependencies(Files.readString(EXAMPLE.resolve("reactor.xml"))),
            "core/example/pom.xml and reactor.xml: groupId:artifactId:scope of every dependency");
    }

    private static String element(final String xml, final String name) {
        final Matcher matcher = Pattern.compile("<" + Pattern.quote(name) + ">([^<]*)</").matcher(xml);
        return matcher.find() ? matcher.group(1).strip() : null;
    }

    /** groupId:artifactId:scope of each dependency of the project (not of its dependencyManagement). */
    private static List<String> dependencies(final String xml) {
        final int managed = xml.indexOf("</dependencyManagement>");
        final String own = xml.substring(managed < 0 ? 0 : managed);
        final Matcher block = Pattern.compile("<dependency>(.*?)</dependency>", Pattern.DOTALL).matcher(own);
        final List<String> found = new ArrayList<>();
        while (block.find()) {
            final String dependency = block.group(1);
            found.add(element(dependency, "groupId") + ":" + element(dependency, "artifactId") + ":"
                + element(dependency, "scope"));
        }
        return found;
    }
}
