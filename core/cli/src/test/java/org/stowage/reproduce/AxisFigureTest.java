package org.stowage.reproduce;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.stowage.sweep.Sweep;

class AxisFigureTest {
    /** The kernels a user adds to a figure are read from its grid's inputs, which its manifest records. */
    @Test
    void theAddedKernelsOfAFigureComeFromItsGrid() {
        assertEquals(List.of("FIFO-WF"), AddedSchedulers.in(new Sweep(List.of("BF-J/S", "FIFO-WF"), List.of(), 1, 1,
            Map.of(AddedSchedulers.INPUT, List.of("FIFO-WF")))));
        assertEquals(List.of(), AddedSchedulers.in(new Sweep(List.of("BF-J/S"), List.of(), 1, 1, Map.of())));
    }
}
